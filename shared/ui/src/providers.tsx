import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';

import { GlobalStyle } from './global-style';
import { theme } from './theme';

/** Theme + global styles: the shell mounts it once; standalone remotes mount their own. */
export function UiProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      {children}
    </ThemeProvider>
  );
}

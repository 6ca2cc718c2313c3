// Renders with the providers the shell gives every remote (theme + global styles).
import { UiProviders } from '@atelier/ui';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';

export function renderWithUi(ui: ReactElement, options?: RenderOptions) {
  return render(ui, { wrapper: UiProviders, ...options });
}

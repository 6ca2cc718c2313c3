import { UiProviders } from '@atelier/ui';
import { BrowserRouter } from 'react-router-dom';

import { AppRoutes } from './app-routes';

export function App() {
  return (
    <UiProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </UiProviders>
  );
}

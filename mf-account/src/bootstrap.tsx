// Standalone mount for local development of this remote alone (its own router; the shell's is not here).
import { mountStandalone } from '@atelier/ui';

import AccountPage from './expose/account-page';
import CompanyPage from './expose/company-page';

void mountStandalone(document.getElementById('root'), [
  { path: '/', element: <AccountPage /> },
  { path: '/account', element: <AccountPage /> },
  { path: '/company', element: <CompanyPage /> },
]);

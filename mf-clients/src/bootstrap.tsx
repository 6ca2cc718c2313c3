// Standalone mount for local development of this remote alone (its own router; the shell's is not here).
import { mountStandalone } from '@atelier/ui';

import ClientsPage from './expose/clients-page';

void mountStandalone(document.getElementById('root'), [{ path: '/', element: <ClientsPage /> }]);

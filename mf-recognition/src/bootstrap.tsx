// Standalone mount for local development of this remote alone (its own router; the shell's is not here).
import { mountStandalone } from '@atelier/ui';

import RecognitionPanels from './expose/recognition-panels';

void mountStandalone(document.getElementById('root'), [{ path: '/', element: <RecognitionPanels /> }]);

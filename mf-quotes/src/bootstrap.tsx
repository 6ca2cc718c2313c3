// Standalone mount for local development of this remote alone (its own router; the shell's is not here).
import { mountStandalone } from '@atelier/ui';

import CustomizePage from './expose/customize-page';
import HomePage from './expose/home-page';
import TasksPage from './expose/tasks-page';

void mountStandalone(document.getElementById('root'), [
  { path: '/', element: <HomePage /> },
  { path: '/tasks', element: <TasksPage /> },
  { path: '/customize', element: <CustomizePage /> },
]);

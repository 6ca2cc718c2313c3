// Standalone mount for local development of this remote alone (its own router; the shell's is not here).
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';

import HomePage from './expose/home-page';
import TasksPage from './expose/tasks-page';
import CustomizePage from './expose/customize-page';

createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/tasks" element={<TasksPage />} />
        <Route path="/customize" element={<CustomizePage />} />
    </Routes>
  </BrowserRouter>,
);

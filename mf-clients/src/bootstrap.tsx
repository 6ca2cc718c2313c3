// Standalone mount for local development of this remote alone (its own router; the shell's is not here).
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';

import ClientsPage from './expose/clients-page';

createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <Routes>
        <Route path="/" element={<ClientsPage />} />
    </Routes>
  </BrowserRouter>,
);

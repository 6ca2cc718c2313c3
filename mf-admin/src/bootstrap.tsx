import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';

import AdminPage from './expose/admin-page';

createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <AdminPage />
  </BrowserRouter>,
);

// Standalone mount for local development of this remote alone (its own router; the shell's is not here).
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';

import AccountPage from './expose/account-page';
import CompanyPage from './expose/company-page';

createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <Routes>
        <Route path="/" element={<AccountPage />} />
        <Route path="/company" element={<CompanyPage />} />
    </Routes>
  </BrowserRouter>,
);

// Exposed as mf_admin/AdminPage (/admin).
import { AdminPage } from '../features/admin/admin-page';

export default AdminPage;

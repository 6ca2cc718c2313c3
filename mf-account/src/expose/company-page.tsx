// Exposed /company page (mf-account/CompanyPage).
import { CompanyPage } from '../features/company/components/company-page';

export default CompanyPage;

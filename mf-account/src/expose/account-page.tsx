// Exposed as mf_account/AccountPage (/account).
import { AccountPage } from '../features/account/account-page';

export default AccountPage;

// Exposed /customize page (mf-quotes/CustomizePage).
import { CustomizePage } from '../features/customize/components/customize-page';

export default CustomizePage;

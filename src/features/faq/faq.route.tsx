import { FaqPage } from './FaqPage';
import { loadRoutePacks } from '~/platform/i18n/i18n';

await loadRoutePacks('faq');

export default FaqPage;

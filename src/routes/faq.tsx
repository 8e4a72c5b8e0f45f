import { FaqPage } from '~/features/faq/FaqPage';
import { loadRoutePacks } from '~/i18n/i18n';

await loadRoutePacks('faq');

export default FaqPage;

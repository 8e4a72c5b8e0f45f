import { PartnerSpicesPage } from '~/features/partner/PartnerSpicesPage';
import { loadRoutePacks } from '~/i18n/i18n';

// 'shop' holds the Buy button's texts.
await loadRoutePacks('partner', 'shop');

export default PartnerSpicesPage;

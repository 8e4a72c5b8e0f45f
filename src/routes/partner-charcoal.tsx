import { PartnerCharcoalPage } from '~/features/partner/PartnerCharcoalPage';
import { loadRoutePacks } from '~/i18n/i18n';

// 'shop' holds the Buy button's texts.
await loadRoutePacks('partner', 'shop');

export default PartnerCharcoalPage;

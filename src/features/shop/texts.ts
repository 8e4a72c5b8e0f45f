import partnerTextsInitial from '@content/initial/page.partner.json' with { type: 'json' };
import { definePageTexts } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';

/** The texts of partner, partnerProducts, partnerSpices, partnerCharcoal (content the organisers edit). */
export const partnerTexts = definePageTexts('page.partner', partnerTextsInitial, [
  PATHS.partner,
  PATHS.partnerProducts,
  PATHS.partnerSpices,
  PATHS.partnerCharcoal,
]);

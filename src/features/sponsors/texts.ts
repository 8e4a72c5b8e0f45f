import sponsorshipTextsInitial from '@content/initial/page.sponsorship.json' with { type: 'json' };
import showcaseTextsInitial from '@content/initial/page.sponsors.json' with { type: 'json' };
import { definePageTexts } from '~/platform/content/page-texts';
import { PATHS, SPONSOR_SHOWCASE_IDS, sponsorShowcasePath } from '~/platform/paths';

/** The texts of the sponsor showcase pages (content the organisers edit). */
export const showcaseTexts = definePageTexts(
  'page.sponsors',
  showcaseTextsInitial,
  SPONSOR_SHOWCASE_IDS.map(sponsorShowcasePath),
);

/** The texts of becomeSponsor (content the organisers edit). */
export const sponsorshipTexts = definePageTexts('page.sponsorship', sponsorshipTextsInitial, [
  PATHS.becomeSponsor,
]);

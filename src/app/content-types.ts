import { faqTexts } from '~/features/faq/texts';
import { aboutTexts } from '~/features/about/texts';
import { zolineTexts } from '~/features/zoline/texts';
import { organizersTexts } from '~/features/organizers/texts';
import { contactsTexts } from '~/features/contact/texts';
import { safetyTexts } from '~/features/safety/texts';
import { privacyTexts } from '~/features/privacy/texts';
import { recipesTexts } from '~/features/recipes/texts';
import { showcaseTexts } from '~/features/sponsors/texts';
import { sponsorshipTexts } from '~/features/sponsors/texts';
import { registrationTexts } from '~/features/registration/texts';
import { registrationMailTexts } from '~/features/registration/mail-texts';
import { partnerTexts } from '~/features/shop/texts';
import { productsContent } from '~/features/shop/products';
import type { ContentType } from '~/platform/content/content-type';
import { eventContent } from '~/platform/site-content/event';
import { bannerContent } from '~/platform/site-content/banner';
import { contactsContent } from '~/platform/site-content/contacts';
import { retentionContent } from '~/platform/site-content/retention';
import { homeTexts } from '~/features/home/texts';
import { historyTexts } from '~/features/history/texts';

/** Every kind of content the organisers edit, in the editor's order. */
export const CONTENT_TYPES: readonly ContentType[] = [
  eventContent,
  bannerContent,
  contactsContent,
  homeTexts,
  faqTexts,
  aboutTexts,
  historyTexts,
  zolineTexts,
  organizersTexts,
  contactsTexts,
  safetyTexts,
  recipesTexts,
  showcaseTexts,
  sponsorshipTexts,
  registrationTexts,
  registrationMailTexts,
  productsContent,
  partnerTexts,
  privacyTexts,
  retentionContent,
];

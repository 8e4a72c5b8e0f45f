import sponsorshipTextsInitial from '@content/initial/page.sponsorship.json' with { type: 'json' };
import showcaseTextsInitial from '@content/initial/page.sponsors.json' with { type: 'json' };
import { email, flag, money, phone } from '~/platform/content/fields';
import { definePageTexts, inOrder, replaceUnchangedTexts } from '~/platform/content/page-texts';
import { PATHS, SPONSOR_SHOWCASE_IDS, sponsorShowcasePath } from '~/platform/paths';
import { contentOf, type SiteContent } from '~/platform/content/content-type';
import { isPlaceholderShowcase } from './placeholder';

/**
 * The sponsor showcase pages /sponsor/2, /3, /4: their shared texts and each sponsor's texts
 * and contact details (`showcases.<id>`).
 */
export const showcaseTexts = definePageTexts(
  'page.sponsors',
  showcaseTextsInitial,
  SPONSOR_SHOWCASE_IDS.map(sponsorShowcasePath),
  {
    // Not the "phone" and "email" labels of the contact card: each sponsor's own.
    'showcases.*.phone': (meta) => phone(meta),
    'showcases.*.email': (meta) => email(meta),
    'showcases.*.becomeSponsor': (meta) => flag(meta),
  },
);

/** The become-a-sponsor page: its texts and the sponsorship packages with their amounts. */
export const sponsorshipTexts = definePageTexts(
  'page.sponsorship',
  sponsorshipTextsInitial,
  [PATHS.becomeSponsor],
  {
    'packages.items.*.from': (meta) => money(meta),
    // Empty for the open-ended top package ("£2,500+").
    'packages.items.*.to': (meta) => money({ ...meta, optional: true }),
    'packages.items.*.highlighted': (meta) => flag(meta),
  },
  [inOrder('from', 'to', 'content:errors.amountOrder', { strict: true })],
  {
    // Shape 2 (issue 43): texts that named the edition, the jubilee, the year, the feast or an hour
    // in words follow the event facts; only where still as the earlier first content wrote them.
    1: replaceUnchangedTexts([
      [
        {
          lt: '{{shortDate}} vyks jubiliejinis, penktasis renginys – puiki proga būti matomiems.',
          en: 'The jubilee fifth edition takes place on {{shortDate}}: a great moment to be seen.',
        },
        {
          lt: '{{editionTitle}} renginys vyks {{shortDate}} – puiki proga būti matomiems.',
          en: '{{editionTitle}} edition takes place on {{shortDate}}: a great moment to be seen.',
        },
      ],
    ]),
  },
);

/** The showcase pages still on placeholder contacts (isPlaceholderShowcase): left out of the sitemap. */
export function unindexedShowcasePages(content: SiteContent): string[] {
  const showcases = (contentOf(content, showcaseTexts) as { showcases?: Record<string, { email?: unknown }> })
    .showcases;
  return SPONSOR_SHOWCASE_IDS.filter((id) => {
    const email = showcases?.[id]?.email;
    return typeof email === 'string' && isPlaceholderShowcase({ email });
  }).map(sponsorShowcasePath);
}

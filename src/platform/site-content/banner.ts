import { z } from 'zod';
import { defineContentType } from '~/platform/content/content-type';
import { flag, link, localized } from '~/platform/content/fields';
import { replaceUnchangedTexts } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';

/** The announcement above every public page: a line of text and a link, on or off. */
export const bannerContent = defineContentType({
  id: 'banner',
  label: 'content:types.banner',
  pages: [PATHS.home],
  placeholders: true,
  schema: z.strictObject({
    enabled: flag({ label: 'content:banner.enabled' }),
    text: localized({ label: 'content:banner.text', help: 'content:help.placeholders', max: 200 }),
    linkLabel: localized({ label: 'content:banner.linkLabel', max: 60 }),
    link: link({ label: 'content:banner.link', help: 'content:help.link' }),
  }),
  upgrades: {
    // Shape 2 (issue 43): texts that named the edition, the jubilee, the year, the feast or an hour
    // in words follow the event facts; only where still as the earlier first content wrote them.
    1: replaceUnchangedTexts([
      [
        {
          lt: 'Jubiliejinis, penktasis BBQ savaitgalis – {{shortDate}}, per Žolinę!',
          en: 'The jubilee fifth BBQ weekend – {{shortDate}}, on the feast of Žolinė!',
        },
        {
          lt: '{{editionTitle}} BBQ savaitgalis – {{shortDate}}{{feast}}!',
          en: '{{editionTitle}} BBQ weekend – {{shortDate}}{{feast}}!',
        },
      ],
    ]),
  },
});

export type Banner = z.output<typeof bannerContent.schema>;

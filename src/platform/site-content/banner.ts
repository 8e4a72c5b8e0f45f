import { z } from 'zod';
import { defineContentType } from '~/platform/content/content-type';
import { flag, link, localized } from '~/platform/content/fields';
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
});

export type Banner = z.output<typeof bannerContent.schema>;

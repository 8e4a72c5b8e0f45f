import organizersTextsInitial from '@content/initial/page.organizers.json' with { type: 'json' };
import { definePageTexts } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';

/** The numbers the page's code showed before shape 2, the same in both languages. */
const STATS_BEFORE_SHAPE_2: Record<string, string> = {
  years: '4+',
  members: '500+',
  events: '50+',
  locations: '3',
};

/** The texts of organizers (content the organisers edit). */
export const organizersTexts = definePageTexts(
  'page.organizers',
  organizersTextsInitial,
  [PATHS.organizers],
  {},
  [],
  {
    // Shape 2 (issue 43): the community's numbers were in the page's code; each is now a value
    // beside its label.
    1: (document) => {
      const old = document as { stats: Record<string, unknown> };
      const { title, ...labels } = old.stats;
      const stats = Object.fromEntries(
        Object.entries(labels).map(([key, label]) => {
          const value = STATS_BEFORE_SHAPE_2[key] ?? '';
          return [key, { value: { lt: value, en: value }, label }];
        }),
      );
      return { ...old, stats: { title, ...stats } };
    },
  },
);

import { contentOf } from '~/platform/content/content-type';
import { definePagedList } from '~/platform/content/paged-list';
import { PATHS } from '~/platform/paths';
import { historyTexts } from './texts';

/** The history page shows five years a page, the newest first (each year ~0.8 KB of HTML with its photos). */
export const historyList = definePagedList({
  path: PATHS.history,
  perPage: 5,
  count: (content) => contentOf(content, historyTexts).years.length,
});

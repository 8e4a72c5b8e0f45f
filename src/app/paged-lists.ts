import { historyList } from '~/features/history/paging';
import { recipesList } from '~/features/recipes/paging';
import { productsList, spicesList } from '~/features/shop/paging';
import type { SiteContent } from '~/platform/content/content-type';
import { furtherPages } from '~/platform/content/paged-list';

/** Every list shown in pages (their addresses: PAGED_LIST_PATHS in platform/paths.ts). */
export const PAGED_LISTS = [historyList, recipesList, productsList, spicesList];

/** The lists' pages after their first, with `content`: prerendered, and in the sitemap. */
export const furtherListPages = (content: SiteContent) =>
  PAGED_LISTS.flatMap((list) => furtherPages(list, content));

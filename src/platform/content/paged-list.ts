import type { SiteContent } from './content-type';

/**
 * A list that grows with the content, year after year (history years, recipes, products),
 * shown a fixed number of items a page so that no page outgrows the first round trip
 * (14 KB compressed, issue 34; decision 0045). Page 1 is the list's own address, page n
 * `<address>/<n>`; every page is prerendered in both languages and listed in the sitemap.
 */
export interface PagedList {
  /** The list's address (its first page). */
  path: string;
  perPage: number;
  /** How many items the content holds. */
  count: (content: SiteContent) => number;
}

export const definePagedList = (list: PagedList): PagedList => list;

/** The address of page `page` of the list at `path`. */
export const listPagePath = (path: string, page: number) => (page <= 1 ? path : `${path}/${page}`);

/** How many pages the list has with `content` (one, even when empty). */
function pageCount(list: PagedList, content: SiteContent): number {
  return Math.max(1, Math.ceil(list.count(content) / list.perPage));
}

/** The list's pages after the first (the first is a page of the route table). */
export function furtherPages(list: PagedList, content: SiteContent): string[] {
  return Array.from({ length: pageCount(list, content) - 1 }, (_, i) => listPagePath(list.path, i + 2));
}

/** One page of a list, as its loader reads it: its number, the number of pages, its items' range. */
export interface ListPage {
  page: number;
  pages: number;
  /** The page's items are `items.slice(from, to)`. */
  from: number;
  to: number;
}

/**
 * The page that the route's `:page` parameter names (none: the first), or undefined when
 * there is no such page ('/istorija/99', '/istorija/x', and '/istorija/1', whose address is
 * '/istorija'): the page then says "not found", as the server's 404 answer does.
 */
export function listPage(
  list: PagedList,
  param: string | undefined,
  content: SiteContent,
): ListPage | undefined {
  const pages = pageCount(list, content);
  const page = param === undefined ? 1 : /^[1-9]\d{0,3}$/.test(param) ? Number(param) : 0;
  if (page < 1 || page > pages || (param !== undefined && page === 1)) return undefined;
  return { page, pages, from: (page - 1) * list.perPage, to: page * list.perPage };
}

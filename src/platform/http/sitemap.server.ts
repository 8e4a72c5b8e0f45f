import type { FastifyInstance } from 'fastify';
import type { ContentType } from '~/platform/content/content-type';
import { listDocuments } from '~/platform/content/store.server';
import { PAGED_LIST_PATHS, PRIVATE_PAGE_PREFIXES, PUBLIC_PAGES } from '~/platform/paths';
import { escapeHtml } from './escape-html';

// sitemap.xml and robots.txt, written by the server: both need the site's address
// (PUBLIC_URL, not known at build time), the sitemap the content's publish times too.

/** Paths nobody should crawl that are no page of the route table (the test checkout). */
const NOT_PAGES = ['/pay/', '/api/'];

const englishUrl = (url: string) => `${url}?lang=en`;

/**
 * When a page last changed: the latest publish of the content it shows, else of any content
 * (the banner, contacts and event facts reach every page through the header and footer).
 */
function pageLastModified(
  page: string,
  types: readonly ContentType[],
  publishedAt: ReadonlyMap<string, string>,
): string | undefined {
  const times = (list: readonly ContentType[]) =>
    list.flatMap((type) => publishedAt.get(type.id) ?? []).sort();
  const own = times(types.filter((type) => type.pages.includes(page)));
  return (own.length > 0 ? own : times(types)).at(-1);
}

/** A list's further page ('/istorija/2') changes with its list's first page. */
const listOf = (page: string) => PAGED_LIST_PATHS.find((list) => page.startsWith(`${list}/`)) ?? page;

/** Every public page in Lithuanian and English, each pointing to the other (hreflang). */
function sitemapXml(
  siteUrl: string,
  pages: readonly string[],
  lastModified: (page: string) => string | undefined,
): string {
  const entries = pages.flatMap((page) => {
    const lithuanian = new URL(page, siteUrl).toString();
    const alternates = [
      `<xhtml:link rel="alternate" hreflang="lt" href="${escapeHtml(lithuanian)}"/>`,
      `<xhtml:link rel="alternate" hreflang="en" href="${escapeHtml(englishUrl(lithuanian))}"/>`,
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(lithuanian)}"/>`,
    ];
    const modified = lastModified(page);
    return [lithuanian, englishUrl(lithuanian)].map((url) =>
      [
        '<url>',
        `<loc>${escapeHtml(url)}</loc>`,
        ...(modified ? [`<lastmod>${modified}</lastmod>`] : []),
        ...alternates,
        '</url>',
      ].join(''),
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

function robotsTxt(siteUrl: string): string {
  const disallowed = [...PRIVATE_PAGE_PREFIXES, ...NOT_PAGES];
  return [
    'User-agent: *',
    ...disallowed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', siteUrl).toString()}`,
    '',
  ].join('\n');
}

/**
 * GET /sitemap.xml and /robots.txt; the content types say which page shows what. `more`: the
 * public pages the content makes (the further pages of a list shown in pages); `unindexed`:
 * those to leave out for now.
 */
export function sitemapRoutes(
  types: readonly ContentType[],
  more: () => readonly string[] = () => [],
  /** Pages not to index now (a sponsor's page still on placeholder contacts). */
  unindexed: () => readonly string[] = () => [],
) {
  return async (app: FastifyInstance) => {
    const siteUrl = app.ctx.config.PUBLIC_URL;
    app.get('/sitemap.xml', async (_request, reply) => {
      const documents = await listDocuments(app.ctx.database.db);
      const publishedAt = new Map(documents.map((d) => [d.type, d.publishedAt]));
      const hidden = new Set(unindexed());
      const pages = [...PUBLIC_PAGES, ...more()].filter((page) => !hidden.has(page));
      const xml = sitemapXml(siteUrl, pages, (page) => pageLastModified(listOf(page), types, publishedAt));
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(xml);
    });
    app.get('/robots.txt', async (_request, reply) =>
      reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robotsTxt(siteUrl)),
    );
  };
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chosenLanguage, languageCookie } from '~/platform/http/static-files.server';
import { sendPage } from '~/platform/http/static-site.server';
import type { Language } from '~/platform/i18n/languages';
import { PRIVATE_LINK_PAGES } from '~/platform/paths';
import type { PrivateLinkAnswer } from './private-link';

type PrivateLinkPath = (typeof PRIVATE_LINK_PAGES)[number]['path'];

/** A feature's private-link page: how the server reads the link in its address. */
export interface PrivateLinkPage {
  path: PrivateLinkPath;
  /** The same budget as the feature's API that reads the link (it is a guess at a token too). */
  rateLimit: { max: number; timeWindow: number | string };
  /**
   * What the link opens, in the page's language: `result` is what the page's loader hands
   * the page, `status` 404 for a link that does not work. Never logs the link.
   */
  read(link: string, language: Language, request: FastifyRequest): Promise<PrivateLinkAnswer>;
  /**
   * The language of the record the link opens (its e-mails' language): the page's language when
   * the visitor chose none (no `?lang=`, no cookie), e.g. an older e-mail's link on another device.
   */
  linkLanguage?(link: string): Promise<Language | undefined>;
}

/**
 * GET/HEAD of a private-link page (issue 34): with its link, the page rendered for this
 * request with the answer in its HTML (no script needed to see it), sent with
 * `Cache-Control: private, no-store` (no shared cache or page table keeps it) and
 * `Referrer-Policy: no-referrer` (the address holds the link); without it, the page table's
 * page like any other (`sendPage`). Not access-logged, like every page: the address holds
 * a secret (the logger writes addresses redacted anyway).
 */
export async function registerPrivateLinkPage(app: FastifyInstance, page: PrivateLinkPage) {
  const site = app.site;
  // No build, no pages: the API alone is served.
  if (!site) return;
  const { param } = PRIVATE_LINK_PAGES.find((candidate) => candidate.path === page.path)!;
  const linkOf = (request: FastifyRequest) =>
    new URL(request.url, 'http://site.local').searchParams.get(param);
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://site.local');
    const link = linkOf(request);
    if (!link) return sendPage(site, request, reply);
    // Rendered in the visitor's language, as the page table's pages are; one who chose none
    // gets the record's. The address's choice is kept for the next pages (decision 0049).
    const language =
      chosenLanguage(request.url, request.headers.cookie) ??
      (await page.linkLanguage?.(link).catch(() => undefined)) ??
      'lt';
    url.searchParams.set('lang', language);
    const cookie = languageCookie(request.url, request.headers.cookie, site.https);
    if (cookie) reply.header('set-cookie', cookie);
    const answer = await site.renderPrivate(new Request(url, { method: 'GET' }), () =>
      page.read(link, language, request),
    );
    for (const [name, value] of answer.headers) if (name !== 'content-length') reply.header(name, value);
    reply
      .code(answer.status)
      .header('cache-control', 'private, no-store')
      .header('referrer-policy', 'no-referrer');
    return reply.send(request.method === 'HEAD' ? undefined : Buffer.from(await answer.arrayBuffer()));
  };
  await app.register(async (scope) => {
    scope.route({
      method: ['GET', 'HEAD'],
      url: page.path,
      logLevel: 'warn',
      // Only a request with a link counts (the page without one is the page table's).
      config: { rateLimit: { ...page.rateLimit, allowList: (request: FastifyRequest) => !linkOf(request) } },
      handler,
    });
  });
}

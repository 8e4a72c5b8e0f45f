import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { SiteContent } from '~/platform/content/content-type';
import { contentInLanguage } from '~/platform/content/in-language';
import type { makeLoadContext as makeContext } from '~/platform/content/context';
import type { FormServices } from '~/platform/forms/outcome';
import { requestLanguage } from '~/platform/http/static-files.server';
import type { Language } from '~/platform/i18n/languages';
import type { AdminServer } from '~/platform/admin/context';
import type { PrivateLinkReader } from './private-link';

/**
 * The site's pages rendered by React Router's server build (build/server/index.js, made by
 * `npm run build`) inside this process. Renders run at the same time, with no queue: the
 * document entry (src/entry.server.tsx) gives each its own translator in its page's
 * language (decision 0037), so a slow page holds up no other.
 */
export interface Renderer {
  /**
   * The HTML of `url` in `language` (status as the routes set it), and which of the frame's
   * documents its body read outside the frame's parts (platform/content/frame.tsx).
   */
  renderPage(
    url: string,
    language: Language,
    content: SiteContent,
  ): Promise<{ status: number; html: string; frameUse: ReadonlySet<string> }>;
  /**
   * Any other request for React Router: the `.data` requests of client-side navigation, and
   * a form posted to its page (`services`: what its route action stores with), a private-link
   * page rendered for its link (`privateLink`: what its loader reads), an admin page with the
   * signed-in admin (`admin`: what its loaders and actions read, decision 0052).
   */
  handle(
    request: Request,
    content: SiteContent,
    services?: FormServices,
    privateLink?: PrivateLinkReader,
    admin?: AdminServer,
  ): Promise<Response>;
}

/** The address pages are rendered at; only its path and query reach the routes. */
const ORIGIN = 'http://render.local';

export async function loadRenderer(
  serverBuildFile: string,
  /** PUBLIC_URL: the base of every absolute URL in the pages. */
  siteUrl: string,
): Promise<Renderer | undefined> {
  if (!existsSync(serverBuildFile)) return undefined;
  const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
  const handler = createRequestHandler(build, 'production');
  // The server build's own context factory (src/entry.server.tsx): its context key is the
  // one the bundled loaders read.
  const makeLoadContext = (build.entry.module as unknown as { makeLoadContext: typeof makeContext })
    .makeLoadContext;
  // The one place content reaches the loaders: read in the render's language only, so a page
  // holds no text of the other (in-language.ts, decision 0045). Here, not in makeLoadContext,
  // which the browser's bundle holds too (its context keys).
  return {
    async renderPage(url, language, content) {
      const target = new URL(url, ORIGIN);
      target.searchParams.set('lang', language);
      const frameUse = new Set<string>();
      const response = await handler(
        new Request(target),
        makeLoadContext(contentInLanguage(content, language), siteUrl, language, null, null, frameUse),
      );
      return { status: response.status, html: await response.text(), frameUse };
    },
    // The language as the server picks the visitor's page (`?lang=`, else the cookie): a
    // `.data` request of the page's client-side navigation, or a post, reads in its language.
    handle: (request, content, services, privateLink, admin) => {
      const language = requestLanguage(request.url, request.headers.get('cookie') ?? undefined);
      const context = makeLoadContext(
        contentInLanguage(content, language),
        siteUrl,
        language,
        services,
        privateLink,
        undefined,
        admin,
      );
      return handler(request, context);
    },
  };
}

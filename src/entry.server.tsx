// The server renders every page through this file: at start, when content is published,
// and for previews (src/platform/render). A page is rendered in the language the request
// names with `?lang=` (Lithuanian otherwise); the server keeps both versions in memory and
// sends the visitor's (decision 0001). Rendering waits for every lazy part (static HTML).
import { prerenderToNodeStream } from 'react-dom/static';
import { ServerRouter, type EntryContext } from 'react-router';
import { ensureNamespaces, i18n, namespacesInUse } from './platform/i18n/i18n';

// The renderer (platform/render) makes each page's router context with this very module's
// copy of the context key.
export { makeLoadContext } from './platform/content/context';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './platform/i18n/languages';
import { hydrateAfterPaint } from './platform/render/hydrate-after-paint';
import { PATHS } from './platform/paths';

/** The admin area: its scripts draw it, so there is nothing to paint before them. */
const drawnByScripts = (pathname: string) =>
  pathname === PATHS.admin || pathname.startsWith(`${PATHS.admin}/`);

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Renders the whole document in `language`, then returns to Lithuanian. i18n is one shared
 * instance, so the renderer (platform/render) renders one page at a time.
 */
async function renderIn(language: Language, context: EntryContext, url: string): Promise<string> {
  await ensureNamespaces(language, namespacesInUse());
  await i18n.changeLanguage(language);
  try {
    const { prelude } = await prerenderToNodeStream(<ServerRouter context={context} url={url} />);
    // React writes the doctype before <html>. The scripts wait for the first paint (0021),
    // except in the admin area, which its scripts draw: waiting held it blank for seconds.
    const html = await readAll(prelude);
    return drawnByScripts(new URL(url, 'http://render.local').pathname) ? html : hydrateAfterPaint(html);
  } finally {
    await i18n.changeLanguage(DEFAULT_LANGUAGE);
  }
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const lang = new URL(request.url).searchParams.get('lang');
  const html = await renderIn(isLanguage(lang) ? lang : DEFAULT_LANGUAGE, routerContext, request.url);
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}

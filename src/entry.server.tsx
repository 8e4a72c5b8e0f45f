// The server renders every page through this file: at start, when content is published,
// for previews and for forms posted without scripts (src/platform/render). A page is
// rendered in the language the request names with `?lang=` (Lithuanian otherwise); the
// server keeps both versions in memory and sends the visitor's (decision 0001). Rendering
// waits for every lazy part (static HTML). Renders run at the same time, each with its own
// translator (decision 0037).
import { prerenderToNodeStream } from 'react-dom/static';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { frameUseContext, siteContentContext } from './platform/content/context';
import { ServerFrameProvider } from './platform/content/frame';
import { frameDataOf } from './platform/content/frame-data.server';
import { ensureNamespaces, i18n, namespacesInUse } from './platform/i18n/i18n';
import { TranslatorContext } from './platform/i18n/useTranslation';

// The renderer (platform/render) makes each page's router context with this very module's
// copy of the context key.
export { makeLoadContext } from './platform/content/context';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './platform/i18n/languages';
import { hydrateAfterPaint } from './platform/render/hydrate-after-paint';
import { PATHS } from './platform/paths';

/**
 * The admin area: its scripts run at once (its controls need them; the pages on loaders carry
 * their data in the HTML, decision 0052, the others are drawn by their scripts).
 */
const drawnByScripts = (pathname: string) =>
  pathname === PATHS.admin || pathname.startsWith(`${PATHS.admin}/`);

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Renders the whole document in `language` with a translator of its own: a copy of the
 * shared one (same loaded packs, its own language), so renders in the two languages can run
 * at the same time. The shared translator stays in Lithuanian.
 */
async function renderIn(
  language: Language,
  context: EntryContext,
  loadContext: RouterContextProvider,
  url: string,
): Promise<string> {
  await ensureNamespaces(language, namespacesInUse());
  const translator = i18n.inLanguage(language);
  // The banner and the contacts, apart from the loaders' data (decision 0044).
  const frame = {
    data: frameDataOf(loadContext.get(siteContentContext)),
    usedInBody: loadContext.get(frameUseContext),
  };
  const { prelude } = await prerenderToNodeStream(
    <TranslatorContext.Provider value={translator}>
      <ServerFrameProvider frame={frame}>
        <ServerRouter context={context} url={url} />
      </ServerFrameProvider>
    </TranslatorContext.Provider>,
  );
  // React writes the doctype before <html>. The scripts wait for the first paint (0021),
  // except in the admin area, whose controls need them: waiting held it blank for seconds.
  const html = await readAll(prelude);
  return drawnByScripts(new URL(url, 'http://render.local').pathname) ? html : hydrateAfterPaint(html);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const lang = new URL(request.url).searchParams.get('lang');
  const html = await renderIn(
    isLanguage(lang) ? lang : DEFAULT_LANGUAGE,
    routerContext,
    loadContext,
    request.url,
  );
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}

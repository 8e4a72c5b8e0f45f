// Build time only (ssr: false): React Router prerenders every page through this file and
// writes the answer to build/client/<path>/index.html — the Lithuanian page. Each page is
// rendered a second time in English and written beside it as index.en.html, so the server
// can send English visitors (?lang=en, or the language they chose before) English HTML
// instead of Lithuanian text that changes after the scripts load.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { prerenderToNodeStream } from 'react-dom/static';
import { ServerRouter, type EntryContext } from 'react-router';
import { ENGLISH_PAGE_FILE } from '~/platform/paths';
import { ensureNamespaces, i18n, namespacesInUse } from '~/platform/i18n/i18n';
import { DEFAULT_LANGUAGE, type Language } from '~/platform/i18n/languages';

// The build runs from the project root; react-router.config.ts sets buildDirectory 'build'.
const CLIENT_BUILD_DIR = path.resolve('build', 'client');

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** The whole document, with every lazy part resolved (static generation waits for all). */
async function renderDocument(context: EntryContext, url: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(<ServerRouter context={context} url={url} />);
  return readAll(prelude); // React writes the doctype before <html>
}

/** Renders in `language`, then returns to Lithuanian (pages are prerendered one at a time). */
async function renderIn(language: Language, context: EntryContext, url: string): Promise<string> {
  await ensureNamespaces(language, namespacesInUse());
  await i18n.changeLanguage(language);
  try {
    return await renderDocument(context, url);
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
  // The context's hydration-data stream can be read once: each rendering gets its own copy.
  const [forLithuanian, forEnglish] = routerContext.serverHandoffStream?.tee() ?? [];
  const lithuanian = await renderDocument(
    { ...routerContext, serverHandoffStream: forLithuanian },
    request.url,
  );
  // The SPA fallback (__spa-fallback.html) boots any language in the browser.
  if (!routerContext.isSpaMode) {
    const english = await renderIn('en', { ...routerContext, serverHandoffStream: forEnglish }, request.url);
    const dir = path.join(CLIENT_BUILD_DIR, ...new URL(request.url).pathname.split('/'));
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, ENGLISH_PAGE_FILE), english);
  }
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(lithuanian, { headers: responseHeaders, status: responseStatusCode });
}

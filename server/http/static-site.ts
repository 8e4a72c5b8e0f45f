import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { NOT_FOUND_PATH, NOT_FOUND_VARIANTS } from '~/config/paths';
import { contentSecurityPolicy, inlineScriptHashes } from './security';

interface Page {
  file: string;
  csp: string;
}

/** Every prerendered page: URL path → its index.html (relative to the build root). */
function findPages(root: string, dir = ''): Map<string, string> {
  const pages = new Map<string, string>();
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'assets' && !entry.name.startsWith('.')) {
      for (const [url, file] of findPages(root, rel)) pages.set(url, file);
    } else if (entry.name === 'index.html') {
      pages.set(`/${dir}`, rel);
    }
  }
  return pages;
}

const HASHED_ASSET = /[\\/]assets[\\/]/;

function cacheControlFor(filePath: string): string {
  if (HASHED_ASSET.test(filePath)) return 'public, max-age=31536000, immutable';
  if (/\.html(\.br|\.gz)?$/.test(filePath)) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Serves the prerendered site: hashed assets with a one-year immutable cache, pages with
 * revalidation. Returns the function that answers a missing page with the 404 page.
 */
export async function registerStaticSite(
  app: FastifyInstance,
  buildDir: string,
): Promise<((reply: FastifyReply) => FastifyReply) | undefined> {
  const root = path.resolve(buildDir);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn(`No built site in ${root}: run "npm run build". Serving the API only.`);
    return undefined;
  }

  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    globIgnore: ['**/index.html', '**/__spa-fallback.html', '**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(filePath));
    },
  });

  const pages = new Map<string, Page>();
  for (const [url, file] of findPages(root)) {
    const html = readFileSync(path.join(root, file), 'utf8');
    pages.set(url, { file, csp: contentSecurityPolicy(inlineScriptHashes(html)) });
  }
  const notFound = pages.get(NOT_FOUND_PATH);
  pages.delete(NOT_FOUND_PATH);
  const notFoundVariants = NOT_FOUND_VARIANTS.flatMap(({ pattern, path: variantPath }) => {
    const page = pages.get(variantPath);
    pages.delete(variantPath);
    return page ? [{ pattern, page }] : [];
  });

  const sendPage = (reply: FastifyReply, page: Page) =>
    reply.header('content-security-policy', page.csp).sendFile(page.file);

  for (const [url, page] of pages) {
    app.get(url, (_request, reply) => sendPage(reply, page));
  }

  if (!notFound) return undefined;
  return (reply: FastifyReply) => {
    const pathname = reply.request.url.split('?')[0] ?? '/';
    const page = notFoundVariants.find((variant) => variant.pattern.test(pathname))?.page ?? notFound;
    return sendPage(reply.code(404), page);
  };
}

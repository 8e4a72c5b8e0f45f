import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  constants as zlibConstants,
  gzip as gzipCompress,
  gzipSync,
} from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE, type Language } from '~/platform/i18n/languages';
import { contentSecurityPolicy, inlineScriptHashes } from './security.server';

/**
 * The site as tables in memory: every built asset's bytes (and its precompressed .br/.gz
 * siblings) read once at start, and every rendered page (platform/render), each with every
 * response header computed once; nothing is looked up per request but the tables.
 * See docs/decisions/0008-static-site-from-memory.md.
 */

type Encoding = 'br' | 'gzip' | 'identity';

/** One stored representation of a file: the file itself or a precompressed sibling. */
export interface Variant {
  encoding: Encoding;
  /** The bytes; undefined when the file did not fit under the memory cap (read from disk). */
  body: Buffer | undefined;
  /** Absolute path of these bytes on disk. */
  file: string;
  etag: string;
  /** Headers of a 200 answer (lower-case names). */
  ok: Readonly<Record<string, string>>;
  /** Headers of a 304 answer: validators and caching, no representation metadata. */
  notModified: Readonly<Record<string, string>>;
  /** Headers when this file answers with status 404 (the not-found pages): no validators. */
  notFound: Readonly<Record<string, string>>;
}

export interface StaticFile {
  /** Its URL path: `${PATHS.history}` for a page, `/assets/app-x1y2.js` for a file. */
  url: string;
  /** A page's English version (the file itself is the Lithuanian one), see pageInLanguage. */
  english?: StaticFile;
  identity: Variant;
  br: Variant | undefined;
  gzip: Variant | undefined;
  /** Last modification in whole seconds since the epoch (If-Modified-Since resolution). */
  modifiedSeconds: number;
  /** A rendered page: settles when its brotli variant of the best quality has joined it. */
  brotliReady?: Promise<void>;
  /** A rendered page: makes its `br` or `gzip` variant now, for the first request that accepts it. */
  compressNow?: (encoding: 'br' | 'gzip') => Variant;
  /** A rendered page: gzip 9 and a quick brotli on the thread pool (a page rendered anew). */
  compressQuickly?: () => Promise<void>;
  /** A rendered page replaced by a newer one: its best brotli is no longer worth making. */
  retired?: boolean;
}

/** The built browser assets (build/client): scripts, styles, fonts, images, icons. */
export interface StaticAssets {
  root: string;
  files: Map<string, StaticFile>;
  /** Bytes held in memory (all variants). */
  memoryBytes: number;
}

/** The rendered pages (platform/render), swapped as a whole when content is published. */
export interface PageTable {
  files: Map<string, StaticFile>;
  notFound: StaticFile | undefined;
  notFoundVariants: { pattern: RegExp; file: StaticFile }[];
}

/** What the server answers GET/HEAD from: the assets and the current pages. */
export interface StaticSite {
  assets: StaticAssets;
  /** The current pages; replaced (never changed in place) when pages are rendered anew. */
  pages: PageTable;
  /** Served over https: the language cookie the server sets is `Secure`. */
  readonly https?: boolean;
}

export interface LoadOptions {
  /** Files beyond this total stay on disk and are streamed per request. */
  maxMemoryBytes?: number;
  /** Served over https: the CSP upgrades insecure requests (security.server.ts). */
  https?: boolean;
}

/** The build is ~7 MB today; far more than that means something unexpected was built. */
const DEFAULT_MEMORY_CAP = 64 * 1024 * 1024;

export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
export const PAGE_CACHE = 'no-cache';
export const OTHER_FILE_CACHE = 'public, max-age=3600';

// The types @fastify/static gave these extensions (text types with charset=utf-8).
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.ics': 'text/calendar; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/vnd.microsoft.icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
};

function contentTypeFor(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** A service worker's script (public/*-sw.js): checked on every update, never kept stale. */
const WORKER_SCRIPT = /^[\w-]+-sw\.js$/;

function cacheControlFor(rel: string): string {
  if (rel.endsWith('.html') || WORKER_SCRIPT.test(rel)) return PAGE_CACHE;
  if (rel.startsWith('assets/')) return HASHED_ASSET_CACHE;
  return OTHER_FILE_CACHE;
}

/** Build-relative paths (posix) of every file under `dir`, dot entries skipped. */
function walk(root: string, dir = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...walk(root, rel));
    else if (entry.isFile()) found.push(rel);
  }
  return found;
}

interface Representation {
  contentType: string;
  cacheControl: string;
  csp: string;
  vary: string | undefined;
  lastModified: string;
}

/** A strong ETag for these bytes (the same formula for every answer the server validates). */
export const strongEtag = (bytes: Buffer | string) =>
  `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;

/** One stored representation and every header of its answers, computed once. */
function makeVariant(
  encoding: Encoding,
  file: string,
  bytes: Buffer,
  keep: boolean,
  rep: Representation,
): Variant {
  const etag = strongEtag(bytes);
  const encodingHeader: Record<string, string> =
    encoding === 'identity' ? {} : { 'content-encoding': encoding };
  const shared = {
    'content-type': rep.contentType,
    'cache-control': rep.cacheControl,
    'content-security-policy': rep.csp,
    ...(rep.vary ? { vary: rep.vary } : {}),
  };
  const entity = { ...shared, 'content-length': String(bytes.length), ...encodingHeader };
  return {
    encoding,
    body: keep ? bytes : undefined,
    file,
    etag,
    ok: { ...entity, etag, 'last-modified': rep.lastModified },
    notModified: {
      'cache-control': rep.cacheControl,
      'content-security-policy': rep.csp,
      ...(rep.vary ? { vary: rep.vary } : {}),
      etag,
      'last-modified': rep.lastModified,
    },
    notFound: { ...entity, 'cache-control': PAGE_CACHE },
  };
}

/**
 * Reads the built assets with their precompressed .br/.gz siblings (which are never URLs of
 * their own). Returns undefined when there is no build.
 */
export function loadAssets(buildDir: string, options: LoadOptions = {}): StaticAssets | undefined {
  const root = path.resolve(buildDir);
  let rels: string[];
  try {
    rels = walk(root);
  } catch {
    return undefined;
  }
  if (!rels.some((rel) => rel.startsWith('assets/'))) return undefined;
  const present = new Set(rels);
  let budget = options.maxMemoryBytes ?? DEFAULT_MEMORY_CAP;
  let memoryBytes = 0;
  const files = new Map<string, StaticFile>();
  const csp = contentSecurityPolicy([], options.https);

  for (const rel of rels) {
    if (/\.(br|gz)$/.test(rel)) continue;
    const full = path.join(root, rel);
    const siblings = (['br', 'gzip'] as const).filter((enc) =>
      present.has(`${rel}.${enc === 'br' ? 'br' : 'gz'}`),
    );
    const modified = statSync(full).mtime;
    const rep: Representation = {
      contentType: contentTypeFor(rel),
      cacheControl: cacheControlFor(rel),
      csp,
      vary: siblings.length > 0 ? 'accept-encoding' : undefined,
      lastModified: modified.toUTCString(),
    };
    const variant = (encoding: Encoding, file: string) => {
      const bytes = readFileSync(file);
      const keep = bytes.length <= budget;
      if (keep) {
        budget -= bytes.length;
        memoryBytes += bytes.length;
      }
      return makeVariant(encoding, file, bytes, keep, rep);
    };
    const sibling = (encoding: 'br' | 'gzip') =>
      siblings.includes(encoding)
        ? variant(encoding, `${full}.${encoding === 'br' ? 'br' : 'gz'}`)
        : undefined;
    files.set(`/${rel}`, {
      url: `/${rel}`,
      identity: variant('identity', full),
      br: sibling('br'),
      gzip: sibling('gzip'),
      modifiedSeconds: Math.floor(modified.getTime() / 1000),
    });
  }
  return { root, files, memoryBytes };
}

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCompress);

/**
 * A rendered page as a table entry: its bytes and every header computed once, the script
 * hashes of its CSP. A page rendered anew is compressed before it joins the table
 * (`compressQuickly`: gzip 9 and brotli 5 off the main thread); one spliced by a publish of
 * the frame (decision 0044, every page at once) when first asked for in an encoding
 * (`compressNow`, a few milliseconds, once). Brotli's best quality follows in the background,
 * one page at a time, replacing the quick one (decision 0043).
 * `varyOnCookie` for pages that exist in two languages.
 */
export function pageFile(
  url: string,
  html: string,
  modified: Date,
  varyOnCookie: boolean,
  /** Served over https: the CSP upgrades insecure requests (security.server.ts). */
  https = false,
  /** The policy, when the page's running scripts are those of a page it was made from (a splice). */
  csp = contentSecurityPolicy(inlineScriptHashes(html), https),
): StaticFile {
  const bytes = Buffer.from(html, 'utf8');
  const rep: Representation = {
    contentType: CONTENT_TYPES['.html']!,
    cacheControl: PAGE_CACHE,
    csp,
    vary: varyOnCookie ? 'accept-encoding, cookie' : 'accept-encoding',
    lastModified: modified.toUTCString(),
  };
  const where = `memory:${url}`;
  const brotliOptions = (quality: number) => ({
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const file: StaticFile = {
    url,
    identity: makeVariant('identity', where, bytes, true, rep),
    br: undefined,
    gzip: undefined,
    modifiedSeconds: Math.floor(modified.getTime() / 1000),
    compressNow(encoding) {
      const variant =
        encoding === 'br'
          ? makeVariant('br', where, brotliCompressSync(bytes, brotliOptions(QUICK_BROTLI)), true, rep)
          : makeVariant('gzip', where, gzipSync(bytes, { level: 9 }), true, rep);
      file[encoding] = variant;
      return variant;
    },
  };
  file.compressQuickly = async () => {
    file.gzip ??= makeVariant('gzip', where, await gzip(bytes, { level: 9 }), true, rep);
    file.br ??= makeVariant('br', where, await brotli(bytes, brotliOptions(QUICK_BROTLI)), true, rep);
  };
  file.brotliReady = inTurn(async () => {
    // Its turn comes after the caller has put the page in (or replaced it in) the table.
    await new Promise((resolve) => setImmediate(resolve));
    if (file.retired) return;
    file.gzip ??= makeVariant('gzip', where, await gzip(bytes, { level: 9 }), true, rep);
    file.br = makeVariant('br', where, await brotli(bytes, brotliOptions(11)), true, rep);
  });
  return file;
}

/**
 * Brotli's best quality (11) costs 100–600 ms of CPU a page against ~5 ms at 5, for ~10 %
 * fewer bytes (decision 0043: /maistas 16.2 → 14.5 KB). A page is sent at quality 5 until
 * its best one is made in turn, one page at a time, so a publish or the start does not fill
 * both cores with compression while readers wait.
 */
const QUICK_BROTLI = 5;
let bestBrotliQueue: Promise<void> = Promise.resolve();
function inTurn(task: () => Promise<void>): Promise<void> {
  const done = bestBrotliQueue.then(task);
  bestBrotliQueue = done.catch(() => undefined);
  return done;
}

/**
 * A file held in memory that is not part of the build (an uploaded photo, platform/media),
 * with the same precomputed headers as a built file, so both paths of static-site.server.ts
 * answer it. No compressed variants: its formats are compressed already.
 */
export function memoryFile(
  url: string,
  bytes: Uint8Array,
  options: { contentType: string; cacheControl: string; modified: Date; https: boolean },
): StaticFile {
  const rep: Representation = {
    contentType: options.contentType,
    cacheControl: options.cacheControl,
    csp: contentSecurityPolicy([], options.https),
    vary: undefined,
    lastModified: options.modified.toUTCString(),
  };
  // A copy: the held bytes are exactly what the cache counts, never a view that pins more.
  const body = Buffer.from(bytes);
  return {
    url,
    identity: makeVariant('identity', `memory:${url}`, body, true, rep),
    br: undefined,
    gzip: undefined,
    modifiedSeconds: Math.floor(options.modified.getTime() / 1000),
  };
}

/** An empty page table (no build, or before the first render). */
export const NO_PAGES: PageTable = { files: new Map(), notFound: undefined, notFoundVariants: [] };

const BR = 1;
const GZIP = 2;
const acceptCache = new Map<string, number>();

/** Which of br/gzip an Accept-Encoding header allows (q > 0), as bit flags. */
export function acceptedEncodings(header: string): number {
  let flags = acceptCache.get(header);
  if (flags !== undefined) return flags;
  const q: Record<string, number> = {};
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const token = name.trim().toLowerCase();
    if (!token) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') weight = Number(value?.trim());
    }
    q[token === 'x-gzip' ? 'gzip' : token] = Number.isFinite(weight) ? weight : 0;
  }
  const allows = (token: string) => (q[token] ?? q['*'] ?? 0) > 0;
  flags = (allows('br') ? BR : 0) | (allows('gzip') ? GZIP : 0);
  if (acceptCache.size > 200) acceptCache.clear(); // browsers send a handful of values
  acceptCache.set(header, flags);
  return flags;
}

/** br > gzip > identity, among the variants the file has (or makes now) and the client accepts. */
export function chooseVariant(file: StaticFile, acceptEncoding: string | undefined): Variant {
  if (
    acceptEncoding === undefined ||
    (file.br === undefined && file.gzip === undefined && file.compressNow === undefined)
  ) {
    return file.identity;
  }
  const flags = acceptedEncodings(acceptEncoding);
  if (flags & BR) {
    const br = file.br ?? file.compressNow?.('br');
    if (br) return br;
  }
  if (flags & GZIP) {
    const gzip = file.gzip ?? file.compressNow?.('gzip');
    if (gzip) return gzip;
  }
  return file.identity;
}

/**
 * RFC 9110 §13.1.2/§13.1.3 for GET/HEAD: If-None-Match (weak comparison) decides when
 * present; otherwise If-Modified-Since.
 */
export function isNotModified(headers: IncomingHttpHeaders, file: StaticFile, variant: Variant): boolean {
  return unchangedFor(headers, variant.etag, file.modifiedSeconds);
}

/**
 * The same for any answer with a strong ETag (and, if it has one, a last change in whole
 * seconds): whether the client's copy is current, so a 304 can answer.
 */
export function unchangedFor(headers: IncomingHttpHeaders, etag: string, modifiedSeconds?: number): boolean {
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch === etag) return true;
    return ifNoneMatch.split(',').some((tag) => {
      const trimmed = tag.trim();
      return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
    });
  }
  const ifModifiedSince = headers['if-modified-since'];
  if (ifModifiedSince !== undefined && modifiedSeconds !== undefined) {
    const since = Date.parse(ifModifiedSince);
    return !Number.isNaN(since) && modifiedSeconds * 1000 <= since;
  }
  return false;
}

/** The file at a URL path (query already removed); `/x/` finds `/x` like the router does. */
export function findFile(site: StaticSite, pathname: string): StaticFile | undefined {
  const lookup = (key: string) => site.pages.files.get(key) ?? site.assets.files.get(key);
  const file = lookup(pathname);
  if (file !== undefined || pathname.length < 2 || !pathname.endsWith('/')) return file;
  return lookup(pathname.slice(0, -1));
}

const LANGUAGE_IN_COOKIE = new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE}=(lt|en)\\s*(?:;|$)`);

/**
 * The visitor's language: `?lang=en|lt` in the address (shared links, hreflang) decides;
 * otherwise the language cookie the browser sets when the visitor picks one; otherwise
 * Lithuanian.
 */
export function requestLanguage(url: string, cookie: string | undefined): Language {
  return chosenLanguage(url, cookie) ?? 'lt';
}

/** The language the visitor chose (`?lang=`, else the cookie), or undefined when neither names one. */
export function chosenLanguage(url: string, cookie: string | undefined): Language | undefined {
  const query = url.indexOf('?');
  const lang = query === -1 ? null : new URLSearchParams(url.slice(query + 1)).get('lang');
  if (lang === 'en' || lang === 'lt') return lang;
  const saved = cookie === undefined ? undefined : LANGUAGE_IN_COOKIE.exec(cookie)?.[1];
  return saved === 'en' || saved === 'lt' ? saved : undefined;
}

/**
 * The `Set-Cookie` that keeps the language an address chose (`?lang=`) for the visitor's next
 * pages, when their cookie names another or none; undefined otherwise (decision 0049). The
 * pages' own links carry no language: a stored page is the same for every visitor of its
 * language, and this answer depends only on the address and the cookie (`Vary: Cookie`).
 */
export function languageCookie(url: string, cookie: string | undefined, https = false): string | undefined {
  const query = url.indexOf('?');
  if (query === -1) return undefined;
  const lang = new URLSearchParams(url.slice(query + 1)).get('lang');
  if (lang !== 'en' && lang !== 'lt') return undefined;
  if (cookie !== undefined && LANGUAGE_IN_COOKIE.exec(cookie)?.[1] === lang) return undefined;
  return `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax${https ? '; Secure' : ''}`;
}

/** The page in the visitor's language (requestLanguage). */
export function pageInLanguage(file: StaticFile, url: string, cookie: string | undefined): StaticFile {
  if (file.english === undefined) return file;
  return requestLanguage(url, cookie) === 'en' ? file.english : file;
}

/**
 * The headers of a page rendered for one request (a form posted without scripts): the
 * page's own CSP, never cached, since it holds what that visitor typed.
 */
export function livePageHeaders(html: string, https: boolean): Record<string, string> {
  return {
    'content-type': CONTENT_TYPES['.html']!,
    'cache-control': 'no-store',
    'content-security-policy': contentSecurityPolicy(inlineScriptHashes(html), https),
  };
}

/** The not-found page for a path: a route's own variant (e.g. /sponsor/<unknown>) or the 404. */
export function notFoundFileFor(pages: PageTable, pathname: string): StaticFile | undefined {
  return pages.notFoundVariants.find((variant) => variant.pattern.test(pathname))?.file ?? pages.notFound;
}

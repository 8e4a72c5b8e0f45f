import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { ENGLISH_PAGE_FILE, NOT_FOUND_PATH, NOT_FOUND_VARIANTS } from '~/platform/paths';
import { LANGUAGE_COOKIE } from '~/platform/i18n/languages';
import { contentSecurityPolicy, inlineScriptHashes } from './security.server';

/**
 * The built site as a table in memory: every file's bytes (and its precompressed .br/.gz
 * siblings) read once at start, with every response header computed once. The build is
 * immutable while the process runs, so nothing here is looked up per request but the table.
 * See docs/decisions/0008-static-site-from-memory.md.
 */

export type Encoding = 'br' | 'gzip' | 'identity';

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
}

export interface StaticSite {
  root: string;
  /** Every servable URL path (pages without the trailing slash, `/` for the home page). */
  files: Map<string, StaticFile>;
  notFound: StaticFile | undefined;
  notFoundVariants: { pattern: RegExp; file: StaticFile }[];
  /** Bytes held in memory (all variants). */
  memoryBytes: number;
}

export interface LoadOptions {
  /** Files beyond this total stay on disk and are streamed per request. */
  maxMemoryBytes?: number;
}

/** The build is ~7 MB today; far more than that means something unexpected was built. */
export const DEFAULT_MEMORY_CAP = 64 * 1024 * 1024;

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

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

function cacheControlFor(rel: string, isPage: boolean): string {
  if (isPage || rel.endsWith('.html')) return PAGE_CACHE;
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

/**
 * Reads the build: pages (`<dir>/index.html` → `/<dir>`) and every other file except the
 * precompressed siblings and the SPA fallback, which are never URLs of their own.
 * Returns undefined when there is no built site.
 */
export function loadStaticSite(buildDir: string, options: LoadOptions = {}): StaticSite | undefined {
  const root = path.resolve(buildDir);
  let rels: string[];
  try {
    rels = walk(root);
  } catch {
    return undefined;
  }
  const present = new Set(rels);
  if (!present.has('index.html')) return undefined;

  let budget = options.maxMemoryBytes ?? DEFAULT_MEMORY_CAP;
  let memoryBytes = 0;
  const files = new Map<string, StaticFile>();
  const defaultCsp = contentSecurityPolicy();

  /** One file (with its precompressed siblings) and every header of its answers. */
  const readStaticFile = (
    rel: string,
    url: string,
    isPage: boolean,
    vary: string | undefined,
  ): StaticFile => {
    const full = path.join(root, rel);
    const identityBytes = readFileSync(full);
    const siblings = (['br', 'gzip'] as const).filter((enc) =>
      present.has(`${rel}.${enc === 'br' ? 'br' : 'gz'}`),
    );
    const varyOn = [siblings.length > 0 ? 'accept-encoding' : undefined, vary].filter(Boolean).join(', ');
    const shared = {
      'content-type': contentTypeFor(rel),
      'cache-control': cacheControlFor(rel, isPage),
      'content-security-policy': isPage
        ? contentSecurityPolicy(inlineScriptHashes(identityBytes.toString('utf8')))
        : defaultCsp,
      ...(varyOn ? { vary: varyOn } : {}),
    };
    const modified = statSync(full).mtime;
    const lastModified = modified.toUTCString();

    const variant = (encoding: Encoding, file: string, bytes: Buffer): Variant => {
      const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
      const keep = bytes.length <= budget;
      if (keep) {
        budget -= bytes.length;
        memoryBytes += bytes.length;
      }
      const encodingHeader: Record<string, string> =
        encoding === 'identity' ? {} : { 'content-encoding': encoding };
      const entity = { ...shared, 'content-length': String(bytes.length), ...encodingHeader };
      return {
        encoding,
        body: keep ? bytes : undefined,
        file,
        etag,
        ok: { ...entity, etag, 'last-modified': lastModified },
        notModified: {
          'cache-control': shared['cache-control'],
          'content-security-policy': shared['content-security-policy'],
          ...(shared.vary ? { vary: shared.vary } : {}),
          etag,
          'last-modified': lastModified,
        },
        notFound: { ...entity, 'cache-control': PAGE_CACHE },
      };
    };
    const sibling = (encoding: 'br' | 'gzip') => {
      if (!siblings.includes(encoding)) return undefined;
      const file = `${full}.${encoding === 'br' ? 'br' : 'gz'}`;
      return variant(encoding, file, readFileSync(file));
    };
    return {
      url,
      identity: variant('identity', full, identityBytes),
      br: sibling('br'),
      gzip: sibling('gzip'),
      modifiedSeconds: Math.floor(modified.getTime() / 1000),
    };
  };

  for (const rel of rels) {
    if (/\.(br|gz)$/.test(rel) || rel === '__spa-fallback.html' || rel.endsWith(ENGLISH_PAGE_FILE)) continue;
    const isPage = rel === 'index.html' || rel.endsWith('/index.html');
    const url = isPage ? `/${rel.slice(0, -'index.html'.length)}`.replace(/(.)\/$/, '$1') : `/${rel}`;
    // A page prerendered in both languages: which one answers depends on the request
    // (pageInLanguage), so shared caches must keep them apart by the language cookie.
    const englishRel = isPage ? rel.replace(/index\.html$/, ENGLISH_PAGE_FILE) : undefined;
    const bilingual = englishRel !== undefined && present.has(englishRel);
    const file = readStaticFile(rel, url, isPage, bilingual ? 'cookie' : undefined);
    if (bilingual) file.english = readStaticFile(englishRel, url, true, 'cookie');
    files.set(url, file);
  }

  // The not-found pages answer unknown paths (status 404) and are not URLs of their own.
  const notFound = files.get(NOT_FOUND_PATH);
  files.delete(NOT_FOUND_PATH);
  const notFoundVariants = NOT_FOUND_VARIANTS.flatMap(({ pattern, path: variantPath }) => {
    const file = files.get(variantPath);
    files.delete(variantPath);
    return file ? [{ pattern, file }] : [];
  });
  return { root, files, notFound, notFoundVariants, memoryBytes };
}

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

/** br > gzip > identity, among the variants the file has and the client accepts. */
export function chooseVariant(file: StaticFile, acceptEncoding: string | undefined): Variant {
  if (acceptEncoding === undefined || (file.br === undefined && file.gzip === undefined)) {
    return file.identity;
  }
  const flags = acceptedEncodings(acceptEncoding);
  if (file.br && flags & BR) return file.br;
  if (file.gzip && flags & GZIP) return file.gzip;
  return file.identity;
}

/**
 * RFC 9110 §13.1.2/§13.1.3 for GET/HEAD: If-None-Match (weak comparison) decides when
 * present; otherwise If-Modified-Since.
 */
export function isNotModified(headers: IncomingHttpHeaders, file: StaticFile, variant: Variant): boolean {
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch === variant.etag) return true;
    return ifNoneMatch.split(',').some((tag) => {
      const trimmed = tag.trim();
      return trimmed === '*' || trimmed.replace(/^W\//, '') === variant.etag;
    });
  }
  const ifModifiedSince = headers['if-modified-since'];
  if (ifModifiedSince !== undefined) {
    const since = Date.parse(ifModifiedSince);
    return !Number.isNaN(since) && file.modifiedSeconds * 1000 <= since;
  }
  return false;
}

/** The file at a URL path (query already removed); `/x/` finds `/x` like the router does. */
export function findFile(site: StaticSite, pathname: string): StaticFile | undefined {
  const file = site.files.get(pathname);
  if (file !== undefined || pathname.length < 2 || !pathname.endsWith('/')) return file;
  return site.files.get(pathname.slice(0, -1));
}

const LANGUAGE_IN_COOKIE = new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE}=(lt|en)\\s*(?:;|$)`);

/**
 * The page in the visitor's language: `?lang=en|lt` in the address (shared links, hreflang)
 * decides; otherwise the language cookie the browser sets when the visitor picks one;
 * otherwise Lithuanian.
 */
export function pageInLanguage(file: StaticFile, url: string, cookie: string | undefined): StaticFile {
  if (file.english === undefined) return file;
  const query = url.indexOf('?');
  const lang = query === -1 ? null : new URLSearchParams(url.slice(query + 1)).get('lang');
  if (lang === 'en') return file.english;
  if (lang === 'lt') return file;
  return cookie !== undefined && LANGUAGE_IN_COOKIE.exec(cookie)?.[1] === 'en' ? file.english : file;
}

/** The not-found page for a path: a route's own variant (e.g. /sponsor/<unknown>) or the 404. */
export function notFoundFileFor(site: StaticSite, pathname: string): StaticFile | undefined {
  return site.notFoundVariants.find((variant) => variant.pattern.test(pathname))?.file ?? site.notFound;
}

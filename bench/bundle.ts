// First-load JavaScript of a page as the server sends it: every script the HTML loads or
// preloads, gzip-compressed (level 9), summed. Admin code must not be among them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleReport {
  page: string;
  files: Array<{ file: string; gzipBytes: number }>;
  totalGzipBytes: number;
  adminChunks: string[];
}

/** `html` is the page as served; its scripts are read from the build (`buildDir`). */
export function firstLoadJavaScript(buildDir: string, page: string, html: string): BundleReport {
  const scripts = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) scripts.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) scripts.add(m[1]!);
  for (const m of html.matchAll(/import(?:\s+[^"']*?from)?\s*["'](\/assets\/[^"']+\.js)["']/g))
    scripts.add(m[1]!);
  const files = [...scripts].sort().map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(path.join(buildDir, file)), { level: 9 }).length,
  }));
  const adminChunks = files
    .map((f) => f.file)
    .filter(
      (file) =>
        /admin/i.test(file) || readFileSync(path.join(buildDir, file), 'utf8').includes('/api/admin/'),
    );
  return { page, files, totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0), adminChunks };
}

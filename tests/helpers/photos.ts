import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { insertAdmin, sessionCookie } from './admin';
import { startTestApp, type TestApp } from './test-app';

// Uploaded photos under load (issue 28 finding 5, issue 34): shared by the suite's
// tests/reliability/photo-throughput.test.ts and the bench's bench/timings/photo-throughput.timing.ts.

/**
 * One GET on a connection of its own (fetch's pooled keep-alive connections may meet the
 * server's idle timeout after the long inserts: ECONNRESET, not an answer).
 */
export const getOnce = (url: string) =>
  new Promise<{ status: number; length: number }>((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        let length = 0;
        response.on('data', (chunk: Buffer) => (length += chunk.length));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, length }));
      })
      .on('error', reject);
  });

/** A photo whose largest size is ~640 KB of WebP (noise does not compress). */
const noisyPhoto = () =>
  sharp({
    create: {
      width: 1440,
      height: 1200,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .png()
    .toBuffer();

/** Stores `bytes` as the `w1440` size of a new photo, as an upload would (no re-encoding). */
export async function storePhoto(t: TestApp, bytes: Uint8Array, name: string): Promise<string> {
  const { id } = await t.db
    .insertInto('media')
    .values({ sha256: randomBytes(32).toString('hex'), original_name: name, width: 1440, height: 960 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('media_variants')
    .values({ media_id: id, name: 'w1440', width: 1440, height: 960, bytes })
    .execute();
  return id;
}

/**
 * The site with pages rendered at start, an uploaded ~640 KB photo, and the largest image that
 * comes with the site both as its built file and stored as an uploaded photo (its twin).
 */
export async function startPhotoSite() {
  // `npm test` builds first; run `npm run build` before running this file alone.
  expect(existsSync('build/server/index.js'), 'run `npm run build` first').toBe(true);
  const t = await startTestApp('pglite', {}, { renderPagesAtStart: true });
  const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y');
  const cookie = await sessionCookie(t, admin.id);
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(await noisyPhoto())], { type: 'image/png' }), 'noise.png');
  const uploaded = await fetch(`${t.url}/api/admin/media`, {
    method: 'POST',
    headers: { cookie, origin: t.url },
    body,
  });
  expect(uploaded.status).toBe(201);
  const { id } = (await uploaded.json()) as { id: string };
  const photoUrl = `${t.url}/media/${id}/w1440`;
  const photoBytes = (await (await fetch(photoUrl)).arrayBuffer()).byteLength;
  // The largest image that comes with the site, and the largest built file of all.
  const assets = path.resolve('build/client/assets');
  const bySize = readdirSync(assets)
    .filter((name) => !/\.(br|gz)$/.test(name))
    .map((name) => ({ name, size: statSync(path.join(assets, name)).size }))
    .sort((a, b) => b.size - a.size);
  const bundledImage = bySize.find((file) => file.name.endsWith('.webp'))!;
  const bundledUrl = `${t.url}/assets/${bundledImage.name}`;
  // The same bytes as an uploaded photo.
  const twin = readFileSync(path.join(assets, bundledImage.name));
  const twinUrl = `${t.url}/media/${await storePhoto(t, twin, 'twin.webp')}/w1440`;
  const served = Buffer.from(await (await fetch(twinUrl)).arrayBuffer());
  expect(served.equals(twin)).toBe(true);
  const largest = bySize[0]!;
  return { t, photoUrl, photoBytes, bundledUrl, twinUrl, largest };
}

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertAdmin, sessionCookie, uploadPhoto } from '@tests/helpers/admin';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { PhotoCache, photoCacheOf } from '~/platform/media/cache.server';

/** A photo as a phone sends it: JPEG, turned by its EXIF orientation, with a GPS position. */
async function phonePhoto(width: number, height: number, colour = '#c0562f'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'TestPhone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 36/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '3/1 56/1 0/1',
      },
    })
    .toBuffer();
}

const countMedia = async (t: TestApp) =>
  Number(
    (
      await t.db
        .selectFrom('media')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(TEST_DATABASE_KINDS)('photo uploads (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: `photos-${Date.now()}@example.com` });
    cookie = await sessionCookie(t, admin.id);
  });
  afterAll(() => t?.close());

  it('turns a phone photo into the site sizes: upright, WebP, no metadata (no GPS)', async () => {
    const original = await phonePhoto(2400, 1600);
    // The original carries EXIF (camera make, GPS position): none of it may reach a visitor.
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes(Buffer.from('TestPhone'))).toBe(true);

    const response = await uploadPhoto(t, cookie, original, 'IMG_0001.jpg', 'image/jpeg');
    expect(response.status).toBe(201);
    // Orientation 6: the picture is a portrait once turned upright.
    const photo = (await response.json()) as { id: string; width: number; height: number };
    expect(photo).toMatchObject({ width: 1600, height: 2400 });

    const sizes: Array<[string, number, number]> = [
      ['w480', 480, 720],
      ['w960', 960, 1440],
      ['w1440', 1440, 2160],
      ['thumb', 128, 128],
    ];
    for (const [variant, width, height] of sizes) {
      const served = await fetch(`${t.url}/media/${photo.id}/${variant}`);
      expect(served.status, variant).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toContain('immutable');
      const bytes = Buffer.from(await served.arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect(metadata, variant).toMatchObject({ format: 'webp', width, height });
      expect(metadata.exif, variant).toBeUndefined();
      expect(bytes.includes(Buffer.from('TestPhone')), variant).toBe(false);
    }

    // The same file again is the same photo, stored once.
    const again = await uploadPhoto(t, cookie, original, 'copy.jpg', 'image/jpeg');
    expect(again.status).toBe(200);
    expect(((await again.json()) as { id: string }).id).toBe(photo.id);
  });

  it('a small photo keeps its size (never enlarged)', async () => {
    const small = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#225533' } })
      .png()
      .toBuffer();
    const response = await uploadPhoto(t, cookie, small, 'small.png', 'image/png');
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const widths = await t.db
      .selectFrom('media_variants')
      .select(['name', 'width'])
      .where('media_id', '=', id)
      .orderBy('width')
      .execute();
    expect(widths).toEqual([
      { name: 'thumb', width: 128 },
      { name: 'w480', width: 480 },
      { name: 'w960', width: 600 },
    ]);
  });

  it('refuses what is not a photo, whatever its name and declared type, and writes nothing', async () => {
    const before = await countMedia(t);
    const renamed = await uploadPhoto(
      t,
      cookie,
      Buffer.from('%PDF-1.7 not a photo at all'),
      'holiday.jpg',
      'image/jpeg',
    );
    expect(renamed.status).toBe(415);
    expect(await renamed.json()).toMatchObject({
      error: 'not_an_image',
      message: 'content:media.errors.notAnImage',
    });

    // A JPEG header with nothing after it.
    const truncated = (await phonePhoto(800, 600)).subarray(0, 400);
    expect((await uploadPhoto(t, cookie, truncated, 'cut.jpg', 'image/jpeg')).status).toBe(415);

    const tiny = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const tooSmall = await uploadPhoto(t, cookie, tiny, 'icon.png', 'image/png');
    expect(tooSmall.status).toBe(422);
    expect(await tooSmall.json()).toMatchObject({ error: 'too_small' });

    const huge = await uploadPhoto(t, cookie, Buffer.alloc(21 * 1024 * 1024, 7), 'huge.jpg', 'image/jpeg');
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ message: 'content:media.errors.tooLarge' });

    const empty = await fetch(`${t.url}/api/admin/media`, {
      method: 'POST',
      headers: { cookie, origin: t.url, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(empty.status).toBe(400);

    expect(await countMedia(t)).toBe(before);
  });

  it('only a signed-in admin on the site itself may upload', async () => {
    const photo = await phonePhoto(800, 600, '#336699');
    const before = await countMedia(t);
    expect(await refusedUploadStatus(t, '', photo)).toBe(401);
    expect(await refusedUploadStatus(t, cookie, photo, 'https://evil.example')).toBe(403);
    expect((await call(t, 'GET', '/api/admin/media')).status).toBe(401);
    expect(await countMedia(t)).toBe(before);
  });

  it('unknown photos and sizes are 404', async () => {
    expect((await fetch(`${t.url}/media/00000000-0000-4000-8000-000000000000/w480`)).status).toBe(404);
    expect((await fetch(`${t.url}/media/not-an-id/w480`)).status).toBe(404);
    const [first] = await t.db.selectFrom('media').select('id').limit(1).execute();
    expect((await fetch(`${t.url}/media/${first!.id}/original`)).status).toBe(404);
  });

  it('serves a photo from memory after one database read, shared by concurrent first requests (issue 28, finding 5)', async () => {
    const response = await uploadPhoto(
      t,
      cookie,
      await phonePhoto(1200, 900, '#7744aa'),
      'cache.jpg',
      'image/jpeg',
    );
    const { id } = (await response.json()) as { id: string };
    const cache = photoCacheOf(t.db, false);
    const readsBefore = cache.reads;
    const url = `${t.url}/media/${id}/w960`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(url)));
    const bodies = await Promise.all(answers.map(async (a) => Buffer.from(await a.arrayBuffer())));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(bodies.map((b) => b.toString('base64'))).size).toBe(1);
    expect(cache.reads - readsBefore).toBe(1);

    // Now in memory: answered by the fast path in front of Fastify, the same answer as the
    // route gave (the first request), with a strong ETag and a 304 for a revalidation.
    const first = answers[0]!;
    const again = await fetch(url);
    const headersOf = (a: Response) =>
      [...a.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name));
    expect(headersOf(again)).toEqual(headersOf(first));
    expect(Buffer.from(await again.arrayBuffer()).equals(bodies[0]!)).toBe(true);
    const etag = again.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const revalidated = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    expect(cache.reads - readsBefore).toBe(1);
  });

  it('keeps at most its byte limit of photos in memory, whatever number is asked for', async () => {
    // 40 stored photos of 100 KB each through a cache of 1 MB.
    const ids: string[] = [];
    for (let n = 0; n < 40; n++) {
      const { id } = await t.db
        .insertInto('media')
        .values({
          sha256: randomBytes(32).toString('hex'),
          original_name: `n${n}.webp`,
          width: 960,
          height: 640,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('media_variants')
        .values({ media_id: id, name: 'w960', width: 960, height: 640, bytes: randomBytes(100 * 1024) })
        .execute();
      ids.push(id);
    }
    const cache = new PhotoCache(t.db, false, 1024 * 1024);
    for (const id of [...ids, ...ids]) {
      const file = await cache.load(id, 'w960');
      expect(file?.identity.body?.length).toBe(100 * 1024);
      expect(cache.bytes).toBeLessThanOrEqual(1024 * 1024);
    }
    expect(cache.bytes).toBeGreaterThan(800 * 1024);
    expect(await cache.load('00000000-0000-4000-8000-000000000000', 'w960')).toBeUndefined();
  });

  it('a new history year with uploaded photos shows on the history page in both languages', async () => {
    const ids: string[] = [];
    for (const colour of ['#aa3311', '#11aa33']) {
      const response = await uploadPhoto(
        t,
        cookie,
        await phonePhoto(1800, 1200, colour),
        `${colour}.jpg`,
        'image/jpeg',
      );
      ids.push(((await response.json()) as { id: string }).id);
    }
    const json = async (method: string, path: string, body?: unknown) =>
      (await call(t, method, path, { cookie, body })).json() as Promise<Record<string, unknown>>;
    const doc = (await json('GET', '/api/admin/content/page.history')) as {
      draft: { years: Array<Record<string, unknown>> };
      draftVersion: number;
    };
    const text = (lt: string, en: string) => ({ lt, en });
    const year = {
      ...doc.draft.years[0],
      year: '2026',
      title: text('Jubiliejus prie ežerų', 'The jubilee by the lakes'),
      photos: [
        { image: ids[0], caption: text('Laužas prie ežero', 'The campfire by the lake') },
        { image: ids[1], caption: text('', '') },
      ],
    };
    const saved = await json('PUT', '/api/admin/content/page.history/draft', {
      data: { ...doc.draft, years: [year, ...doc.draft.years] },
      baseVersion: doc.draftVersion,
    });
    expect(saved.missing).toEqual([]);
    const published = await call(t, 'POST', '/api/admin/content/page.history/publish', {
      cookie,
      body: { baseVersion: saved.draftVersion },
    });
    expect(published.status).toBe(200);

    const lt = await (await fetch(`${t.url}/istorija?lang=lt`)).text();
    const en = await (await fetch(`${t.url}/istorija?lang=en`)).text();
    expect(lt).toContain('Jubiliejus prie ežerų');
    expect(en).toContain('The jubilee by the lakes');
    for (const html of [lt, en]) {
      expect(html).toContain(`/media/${ids[0]}/w1440`);
      expect(html).toContain(`/media/${ids[0]}/w480 480w`);
    }
    // The descriptions travel with the page, for the gallery.
    expect(en).toContain('The campfire by the lake');
  });
});

/**
 * The status of an upload the server refuses before reading its body. It answers and closes
 * the connection (an answer sent before the body: app.server.ts), so the rest of the body may
 * meet a closed socket (EPIPE): fetch then reports only that, where a browser shows the answer.
 * Here the answer is read as it comes, whatever happens to the body afterwards.
 */
async function refusedUploadStatus(app: TestApp, cookie: string, photo: Buffer, origin = app.url) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'a.jpg');
  const request = new Request(`${app.url}/api/admin/media`, { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  return new Promise<number>((resolve, reject) => {
    const sent = httpRequest(`${app.url}/api/admin/media`, {
      method: 'POST',
      headers: {
        cookie,
        origin,
        'content-type': request.headers.get('content-type')!,
        'content-length': body.length,
      },
    });
    sent.once('response', (response) => {
      response.resume();
      resolve(response.statusCode!);
    });
    sent.once('error', reject); // after an answer, a settled promise ignores it
    sent.end(body);
  });
}

/** A small photo no other test uploads: its colour comes from `n`. */
const distinctPhoto = (n: number) =>
  sharp({
    create: { width: 160, height: 160, channels: 3, background: { r: n % 256, g: (n >> 8) % 256, b: 77 } },
  })
    .png()
    .toBuffer();

async function uploadedId(response: Response): Promise<{ status: number; id?: string }> {
  const body = (await response.json()) as { id?: string };
  return { status: response.status, id: body.id };
}

/**
 * The same photo uploaded twice at once (issue 28, finding 14a): both answers name the one
 * stored photo (one 201, one 200), never a 500 for the duplicate key.
 */
async function uploadTwiceAtOnce(first: TestApp, second: TestApp, rounds: number, seed: number) {
  const [cookieA, cookieB] = await Promise.all(
    [first, second].map(async (t) => sessionCookie(t, (await insertAdmin(t.db, 'scrypt$17$8$1$x$y')).id)),
  );
  const outcomes: string[] = [];
  for (let round = 0; round < rounds; round++) {
    const photo = await distinctPhoto(seed + round);
    const answers = await Promise.all([
      uploadPhoto(first, cookieA!, photo, 'same.png', 'image/png').then(uploadedId),
      uploadPhoto(second, cookieB!, photo, 'same.png', 'image/png').then(uploadedId),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    const sameId = answers[0]!.id !== undefined && answers[0]!.id === answers[1]!.id;
    outcomes.push(`${statuses.join('+')}${sameId ? '' : ' different ids'}`);
  }
  return outcomes;
}

describe.each(TEST_DATABASE_KINDS)('the same photo uploaded twice at once (%s)', (kind) => {
  it('on one instance: both answers name the one stored photo', async () => {
    const t = await startTestApp(kind);
    try {
      const outcomes = await uploadTwiceAtOnce(t, t, 15, 1000);
      expect(outcomes).toEqual(Array(15).fill('200+201'));
      expect(await countMedia(t)).toBe(15);
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('the same photo uploaded on two instances at once', () => {
  it('both answer with the one stored photo, never 500 (15 rounds)', async () => {
    const first = await startTestApp('postgres');
    const second = await startTestApp('postgres', {}, { database: first.database });
    try {
      const outcomes = await uploadTwiceAtOnce(first, second, 15, 2000);
      expect(outcomes).toEqual(Array(15).fill('200+201'));
      expect(await countMedia(first)).toBe(15);
    } finally {
      await second.close();
      await first.close();
    }
  }, 120_000);
});

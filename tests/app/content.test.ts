import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_TYPES } from '~/app/content-types';
import { call, insertAdmin, sessionCookie } from '@tests/helpers/admin';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';

interface Doc {
  draft: Record<string, unknown>;
  draftVersion: number;
  published: Record<string, unknown>;
  publishedVersion: number;
  unpublishedChanges: boolean;
  versions: Array<{ version: number }>;
}

async function signedIn(t: TestApp) {
  const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: `editor-${Date.now()}@example.com` });
  const cookie = await sessionCookie(t, admin.id);
  const json = async <T>(method: string, path: string, body?: unknown) => {
    const response = await call(t, method, path, { cookie, body });
    return { status: response.status, body: (await response.json()) as T };
  };
  return { cookie, json };
}

const page = async (t: TestApp, path: string, lang: 'lt' | 'en') =>
  (await fetch(`${t.url}${path}?lang=${lang}`)).text();

describe.each(TEST_DATABASE_KINDS)('content editing (%s)', (kind) => {
  let t: TestApp;
  let api: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    api = await signedIn(t);
  });
  afterAll(() => t?.close());

  it('every content type is in place from the start, and round-trips: draft, publish, versions', async () => {
    for (const type of CONTENT_TYPES) {
      const { status, body: doc } = await api.json<Doc>('GET', `/api/admin/content/${type.id}`);
      expect(status, type.id).toBe(200);
      expect(doc.published, type.id).toEqual(doc.draft);
      const saved = await api.json<{ draftVersion: number; missing: unknown[] }>(
        'PUT',
        `/api/admin/content/${type.id}/draft`,
        {
          data: doc.draft,
          baseVersion: doc.draftVersion,
        },
      );
      expect(saved.status, type.id).toBe(200);
      expect(saved.body.missing).toEqual([]);
      const published = await api.json<{ publishedVersion: number }>(
        'POST',
        `/api/admin/content/${type.id}/publish`,
        {
          baseVersion: saved.body.draftVersion,
        },
      );
      expect(published.status, type.id).toBe(200);
      expect(published.body.publishedVersion).toBe(doc.publishedVersion + 1);
      const after = await api.json<Doc>('GET', `/api/admin/content/${type.id}`);
      expect(after.body.versions.map((v) => v.version).slice(0, 2)).toEqual([
        doc.publishedVersion + 1,
        doc.publishedVersion,
      ]);
    }
  });

  it('publishing the event date changes every page that shows it, in both languages, without a restart', async () => {
    const before = await page(t, '/', 'lt');
    expect(before).toContain('2026 m. rugpjūčio 15 d.');
    const { body: doc } = await api.json<Doc>('GET', '/api/admin/content/event');
    const draft = await api.json<{ draftVersion: number }>('PUT', '/api/admin/content/event/draft', {
      data: { ...doc.draft, start: '2027-08-14T08:00', end: '2027-08-15T12:00' },
      baseVersion: doc.draftVersion,
    });
    // Saved, not published: the site is unchanged, the preview shows it.
    expect(await page(t, '/', 'lt')).toContain('2026 m. rugpjūčio 15 d.');
    const preview = await call(t, 'GET', '/api/admin/content/preview?type=event&page=/&lang=en', {
      cookie: api.cookie,
    });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('x-robots-tag')).toBe('noindex');
    const previewHtml = await preview.text();
    expect(previewHtml).toContain('14 August 2027');
    // A page to look at: the app's scripts, started at the preview's address, would show "not found".
    expect(previewHtml).not.toMatch(/<script|modulepreload/);
    // Published: the pages are rendered anew before the answer.
    const published = await api.json('POST', '/api/admin/content/event/publish', {
      baseVersion: draft.body.draftVersion,
    });
    expect(published.status).toBe(200);
    expect(await page(t, '/', 'lt')).toContain('2027 m. rugpjūčio 14 d.');
    expect(await page(t, '/', 'en')).toContain('14 August 2027');
    expect(await page(t, '/', 'lt')).not.toContain('2026 m. rugpjūčio 15 d.');
  });

  it('formatted text reaches the page as safe HTML, in both languages', async () => {
    const { body: doc } = await api.json<Doc>('GET', '/api/admin/content/page.zoline');
    const meaning = doc.draft.meaning as Record<string, unknown>;
    const text = {
      lt: '## Tradicija\n\nŠventė su **žolynais**:\n\n- puokštės\n- [taisyklės](/saugumas)\n\n<img src=x onerror=alert(1)>',
      en: '## Tradition\n\nA feast of *herbs*:\n\n1. bouquets\n2. [rules](javascript:alert(1))',
    };
    const draft = await api.json<{ draftVersion: number }>('PUT', '/api/admin/content/page.zoline/draft', {
      data: { ...doc.draft, meaning: { ...meaning, text } },
      baseVersion: doc.draftVersion,
    });
    expect(draft.status).toBe(200);
    const published = await api.json('POST', '/api/admin/content/page.zoline/publish', {
      baseVersion: draft.body.draftVersion,
    });
    expect(published.status).toBe(200);
    const lt = await page(t, '/zoline', 'lt');
    expect(lt).toMatch(/<h3[^>]*>Tradicija<\/h3>/);
    expect(lt).toMatch(/<strong[^>]*>žolynais<\/strong>/);
    expect(lt).toMatch(
      /<ul[^>]*><li[^>]*><p>puokštės<\/p><\/li><li[^>]*><p><a[^>]*href="\/saugumas"[^>]*>taisyklės<\/a>/,
    );
    expect(lt).not.toMatch(/<img src="?x/);
    expect(lt).toContain('&lt;img src=x onerror=alert(1)&gt;');
    const en = await page(t, '/zoline', 'en');
    expect(en).toMatch(/<em>herbs<\/em>/);
    expect(en).toMatch(/<ol[^>]*>/);
    expect(en).not.toMatch(/href="javascript:/);
    expect(en).toContain('rules');
  });

  it('a second save from an older version is refused (no silent overwrite)', async () => {
    const { body: doc } = await api.json<Doc>('GET', '/api/admin/content/banner');
    const first = await api.json('PUT', '/api/admin/content/banner/draft', {
      data: { ...doc.draft, linkLabel: { lt: 'Pirmas', en: 'First' } },
      baseVersion: doc.draftVersion,
    });
    expect(first.status).toBe(200);
    const second = await api.json<{ error: string; message: string }>(
      'PUT',
      '/api/admin/content/banner/draft',
      {
        data: { ...doc.draft, linkLabel: { lt: 'Antras', en: 'Second' } },
        baseVersion: doc.draftVersion,
      },
    );
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ error: 'content_changed', message: 'content:errors.changedMeanwhile' });
    const now = await api.json<Doc>('GET', '/api/admin/content/banner');
    expect(now.body.draft.linkLabel).toEqual({ lt: 'Pirmas', en: 'First' });
  });

  it('publishing with a text missing in either language is refused, with the fields named', async () => {
    const { body: doc } = await api.json<Doc>('GET', '/api/admin/content/banner');
    const saved = await api.json<{ draftVersion: number; missing: unknown[] }>(
      'PUT',
      '/api/admin/content/banner/draft',
      {
        data: { ...doc.draft, text: { lt: 'Tik lietuviškai', en: '' } },
        baseVersion: doc.draftVersion,
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.missing).toEqual([{ field: 'text.en', message: 'content:errors.required' }]);
    const refused = await api.json<{ error: string; fields: unknown[] }>(
      'POST',
      '/api/admin/content/banner/publish',
      {
        baseVersion: saved.body.draftVersion,
      },
    );
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: 'content_incomplete', fields: [{ field: 'text.en' }] });
    expect((await page(t, '/', 'lt')).includes('Tik lietuviškai')).toBe(false);
  });

  it('bad input is a translated 400 and writes nothing: dates in the wrong order, a price of zero, a bad link', async () => {
    const { body: doc } = await api.json<Doc>('GET', '/api/admin/content/event');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...doc.draft, end: '2020-01-01T00:00' }, 'end', 'content:errors.dateOrder'],
      [
        { ...doc.draft, fees: { ...(doc.draft.fees as object), pitchPerNight: 0 } },
        'fees.pitchPerNight',
        'content:errors.pricePositive',
      ],
      [{ ...doc.draft, start: '15/08/2027' }, 'start', 'content:errors.dateTime'],
      [{ ...doc.draft, surprise: 1 }, '', 'content:errors.invalid'],
    ];
    for (const [data, field, message] of cases) {
      const refused = await api.json<{ error: string; fields: Array<{ field: string; message: string }> }>(
        'PUT',
        '/api/admin/content/event/draft',
        { data, baseVersion: doc.draftVersion },
      );
      expect(refused.status, field).toBe(400);
      expect(refused.body.error).toBe('validation');
      expect(refused.body.fields).toContainEqual({ field, message });
    }
    const after = await api.json<Doc>('GET', '/api/admin/content/event');
    expect(after.body.draftVersion).toBe(doc.draftVersion);
    const banner = await api.json<Doc>('GET', '/api/admin/content/banner');
    const link = await api.json('PUT', '/api/admin/content/banner/draft', {
      data: { ...banner.body.draft, link: 'javascript:alert(1)' },
      baseVersion: banner.body.draftVersion,
    });
    expect(link.status).toBe(400);
  });

  it('an earlier version can be put back and published', async () => {
    const { body: doc } = await api.json<Doc>('GET', '/api/admin/content/event');
    const first = doc.versions.at(-1)!.version;
    const restored = await api.json<{ draftVersion: number }>('POST', '/api/admin/content/event/restore', {
      version: first,
      baseVersion: doc.draftVersion,
    });
    expect(restored.status).toBe(200);
    const draft = await api.json<Doc>('GET', '/api/admin/content/event');
    expect(draft.body.draft.start).toBe('2026-08-15T08:00');
    await api.json('POST', '/api/admin/content/event/publish', { baseVersion: restored.body.draftVersion });
    expect(await page(t, '/', 'en')).toContain('15 August 2026');
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('entity', '=', 'content')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['content.publish', 'content.restore']),
    );
  });

  it('refuses anonymous and cross-site changes', async () => {
    expect((await call(t, 'GET', '/api/admin/content/event')).status).toBe(401);
    const { body: doc } = await api.json<Doc>('GET', '/api/admin/content/event');
    const forged = await call(t, 'PUT', '/api/admin/content/event/draft', {
      cookie: api.cookie,
      origin: 'https://evil.example',
      body: { data: doc.draft, baseVersion: doc.draftVersion },
    });
    expect(forged.status).toBe(403);
    expect((await call(t, 'GET', '/api/admin/content/preview?type=event&page=/&lang=lt')).status).toBe(401);
  });
});

describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('two instances on one PostgreSQL database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp('postgres');
    b = await startTestApp('postgres', {}, { database: a.database, renderPagesAtStart: true });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a publish on one is served by the other within seconds', async () => {
    const api = await signedIn(a);
    expect(await page(b, '/', 'en')).toContain('15 August 2026');
    const { body: doc } = await api.json<Doc>('GET', '/api/admin/content/event');
    const draft = await api.json<{ draftVersion: number }>('PUT', '/api/admin/content/event/draft', {
      data: { ...doc.draft, start: '2028-08-12T08:00', end: '2028-08-13T12:00' },
      baseVersion: doc.draftVersion,
    });
    const started = Date.now();
    await api.json('POST', '/api/admin/content/event/publish', { baseVersion: draft.body.draftVersion });
    await expect
      .poll(async () => page(b, '/', 'en'), { timeout: 15_000, interval: 200 })
      .toContain('12 August 2028');
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

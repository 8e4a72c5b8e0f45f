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

/** React Router's error page, in either language (it was once served with status 200). */
const ERROR_PAGE = /Unexpected (Application|Server) Error|Netikėta programos klaida/;

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
      en: '## Tradition\n\nA feast of *herbs*:\n\n1. bouquets\n2. [rules](https://example.com/rules)',
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
    expect(en).toMatch(/<a[^>]*href="https:\/\/example.com\/rules"[^>]*>rules<\/a>/);
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
      // Issue 28, finding 12: the pattern let 30 February through (pages showed 2 March).
      [{ ...doc.draft, start: '2027-02-30T08:00' }, 'start', 'content:errors.noSuchDate'],
      [{ ...doc.draft, end: '2027-04-31T12:00' }, 'end', 'content:errors.noSuchDate'],
      [{ ...doc.draft, start: '2027-02-29T08:00' }, 'start', 'content:errors.noSuchDate'],
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

  it('a real leap day is a date (2028-02-29)', async () => {
    const { body: doc } = await api.json<Doc>('GET', '/api/admin/content/event');
    const saved = await api.json('PUT', '/api/admin/content/event/draft', {
      data: { ...doc.draft, start: '2028-02-29T08:00', end: '2028-03-01T12:00' },
      baseVersion: doc.draftVersion,
    });
    expect(saved.status).toBe(200);
    const back = await api.json('PUT', '/api/admin/content/event/draft', {
      data: doc.draft,
      baseVersion: doc.draftVersion + 1,
    });
    expect(back.status).toBe(200);
  });

  // Issue 42.4: 2027-03-28T01:30 became 02:30 BST ("opens 01:30, closes 02:00" never opened),
  // and 2027-10-31T01:30 silently meant the second of the two.
  it('a UK time the clocks skip or show twice is refused with its reason; the hours around it are kept', async () => {
    const { body: doc } = await api.json<Doc>('GET', '/api/admin/content/event');
    const draft = (change: Record<string, unknown>) => ({
      ...doc.draft,
      start: '2027-11-06T10:00',
      end: '2027-11-07T12:00',
      ...change,
    });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ start: '2027-03-28T01:30' }, 'start', 'content:errors.clockGap'],
      [{ end: '2027-10-31T01:30', start: '2027-10-30T10:00' }, 'end', 'content:errors.clockRepeat'],
      [
        { registration: { opens: '2027-03-28T01:30', closes: '2027-03-28T02:00' } },
        'registration.opens',
        'content:errors.clockGap',
      ],
      [
        { registration: { opens: '', closes: '2027-10-31T01:00' } },
        'registration.closes',
        'content:errors.clockRepeat',
      ],
    ];
    for (const [change, field, message] of cases) {
      const refused = await api.json<{ error: string; fields: Array<{ field: string; message: string }> }>(
        'PUT',
        '/api/admin/content/event/draft',
        { data: draft(change), baseVersion: doc.draftVersion },
      );
      expect(refused.status, field).toBe(400);
      expect(refused.body.error).toBe('validation');
      expect(refused.body.fields).toContainEqual({ field, message });
    }
    expect((await api.json<Doc>('GET', '/api/admin/content/event')).body.draftVersion).toBe(doc.draftVersion);

    // The hour before the gap and the first after it exist once each, as does the hour after the repeat.
    const kept = await api.json('PUT', '/api/admin/content/event/draft', {
      data: draft({ registration: { opens: '2027-03-28T00:30', closes: '2027-03-28T02:30' } }),
      baseVersion: doc.draftVersion,
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    const after = await api.json('PUT', '/api/admin/content/event/draft', {
      data: draft({ registration: { opens: '2027-10-31T00:59', closes: '2027-10-31T02:00' } }),
      baseVersion: doc.draftVersion + 1,
    });
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    const back = await api.json('PUT', '/api/admin/content/event/draft', {
      data: doc.draft,
      baseVersion: doc.draftVersion + 2,
    });
    expect(back.status).toBe(200);
  });

  // Issue 28, finding 11: addresses that browsers open as another site, in the same tab.
  it('a link field or a link in a formatted text takes only the site’s own pages and real addresses', async () => {
    const evil = ['/\\evil.example/x', '/\t/evil.example/x', '//evil.example', 'javascript:alert(1)'];
    const banner = await api.json<Doc>('GET', '/api/admin/content/banner');
    for (const link of evil) {
      const refused = await api.json<{ fields: unknown[] }>('PUT', '/api/admin/content/banner/draft', {
        data: { ...banner.body.draft, link },
        baseVersion: banner.body.draftVersion,
      });
      expect(refused.status, JSON.stringify(link)).toBe(400);
      expect(refused.body.fields).toEqual([{ field: 'link', message: 'content:errors.link' }]);
    }
    const about = await api.json<Doc>('GET', '/api/admin/content/page.about');
    const venue = about.body.draft.venue as Record<string, unknown>;
    for (const link of evil) {
      const text = { lt: `Žr. [čia](<${link}>).`, en: 'See the [rules](/saugumas).' };
      const refused = await api.json<{ fields: unknown[] }>('PUT', '/api/admin/content/page.about/draft', {
        data: { ...about.body.draft, venue: { ...venue, text } },
        baseVersion: about.body.draftVersion,
      });
      expect(refused.status, JSON.stringify(link)).toBe(400);
      expect(refused.body.fields).toEqual([{ field: 'venue.text.lt', message: 'content:errors.textLink' }]);
    }
    expect((await api.json<Doc>('GET', '/api/admin/content/banner')).body.draftVersion).toBe(
      banner.body.draftVersion,
    );
    expect((await api.json<Doc>('GET', '/api/admin/content/page.about')).body.draftVersion).toBe(
      about.body.draftVersion,
    );
    for (const link of ['/istorija', 'https://example.com/a?b=1']) {
      const current = await api.json<Doc>('GET', '/api/admin/content/banner');
      const saved = await api.json('PUT', '/api/admin/content/banner/draft', {
        data: { ...current.body.draft, link },
        baseVersion: current.body.draftVersion,
      });
      expect(saved.status, link).toBe(200);
    }
  });

  // Issue 28, finding 2 (a): 5000 `>` passed, then its page was an error page sent with 200.
  it('a formatted text nested too deeply is refused at save and at publish, and the page stays', async () => {
    const { body: doc } = await api.json<Doc>('GET', '/api/admin/content/page.about');
    const venue = doc.draft.venue as Record<string, unknown>;
    const deep = { ...doc.draft, venue: { ...venue, text: { lt: '>'.repeat(5000), en: '- '.repeat(3000) } } };
    const refused = await api.json<{ error: string; fields: unknown[] }>(
      'PUT',
      '/api/admin/content/page.about/draft',
      { data: deep, baseVersion: doc.draftVersion },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([
      { field: 'venue.text.lt', message: 'content:errors.nestedTooDeep' },
      { field: 'venue.text.en', message: 'content:errors.nestedTooDeep' },
    ]);
    // A draft saved before the check existed: publishing it is refused, with the fields.
    await t.db
      .updateTable('content_documents')
      .set({ draft: JSON.stringify(deep) })
      .where('type', '=', 'page.about')
      .execute();
    const publish = await api.json<{ error: string; fields: unknown[] }>(
      'POST',
      '/api/admin/content/page.about/publish',
      { baseVersion: doc.draftVersion },
    );
    expect(publish.status).toBe(422);
    expect(publish.body).toMatchObject({ error: 'content_incomplete' });
    expect(publish.body.fields).toContainEqual({
      field: 'venue.text.lt',
      message: 'content:errors.nestedTooDeep',
    });
    const after = await api.json<Doc>('GET', '/api/admin/content/page.about');
    expect(after.body.publishedVersion).toBe(doc.publishedVersion);
    for (const lang of ['lt', 'en'] as const) {
      const response = await fetch(`${t.url}/apie-rengini?lang=${lang}`);
      expect(response.status).toBe(200);
      expect(await response.text()).not.toMatch(ERROR_PAGE);
    }
    await t.db
      .updateTable('content_documents')
      .set({ draft: JSON.stringify(doc.draft) })
      .where('type', '=', 'page.about')
      .execute();
  });

  // Content published before these checks: the page shows the text plainly, never an error page.
  it('a deeply nested text already published is drawn as plain text, not an error page', async () => {
    const { body: doc } = await api.json<Doc>('GET', '/api/admin/content/page.about');
    const venue = doc.published.venue as Record<string, unknown>;
    const deep = {
      ...doc.published,
      venue: { ...venue, text: { lt: `${'>'.repeat(5000)} gilu`, en: 'deep' } },
    };
    await t.db
      .updateTable('content_documents')
      .set({ published: JSON.stringify(deep), published_version: doc.publishedVersion + 100 })
      .where('type', '=', 'page.about')
      .execute();
    await t.app.ctx.content.published();
    const response = await fetch(`${t.url}/apie-rengini?lang=lt`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toMatch(ERROR_PAGE);
    expect(html).toContain('gilu');
    const data = await fetch(`${t.url}/apie-rengini.data`);
    expect(data.status).toBe(200);
    await t.db
      .updateTable('content_documents')
      .set({ published: JSON.stringify(doc.published), published_version: doc.publishedVersion })
      .where('type', '=', 'page.about')
      .execute();
    await t.app.ctx.content.published();
  });

  // Issue 28, finding 2: a page whose render fails answers 500, never an error page with 200.
  it('a page that cannot be rendered answers 500 (and so does its .data), and a publish or preview that breaks it is refused', async () => {
    // The about page's document gone from the database: its loader throws on every render.
    const row = await t.db
      .selectFrom('content_documents')
      .selectAll()
      .where('type', '=', 'page.about')
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('content_documents').where('type', '=', 'page.about').execute();
    await t.app.ctx.content.published();
    for (const lang of ['lt', 'en'] as const) {
      const response = await fetch(`${t.url}/apie-rengini?lang=${lang}`);
      expect(response.status, lang).toBe(500);
      expect(await response.text()).not.toMatch(ERROR_PAGE);
    }
    expect((await fetch(`${t.url}/apie-rengini.data`)).status).toBe(500);
    // The other pages are served as before.
    expect((await fetch(`${t.url}/istorija`)).status).toBe(200);
    // A publish whose pages do not render is refused (the event facts show on /apie-rengini).
    const event = await api.json<Doc>('GET', '/api/admin/content/event');
    const refused = await api.json<{ error: string; message: string }>(
      'POST',
      '/api/admin/content/event/publish',
      {
        baseVersion: event.body.draftVersion,
      },
    );
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ error: 'content_unrenderable', message: 'content:errors.unrenderable' });
    expect((await api.json<Doc>('GET', '/api/admin/content/event')).body.publishedVersion).toBe(
      event.body.publishedVersion,
    );
    const preview = await call(t, 'GET', '/api/admin/content/preview?type=event&page=/apie-rengini&lang=lt', {
      cookie: api.cookie,
    });
    expect(preview.status).toBe(422);
    await t.db
      .insertInto('content_documents')
      .values({ ...row, draft: JSON.stringify(row.draft), published: JSON.stringify(row.published) })
      .execute();
    await t.app.ctx.content.published();
    expect((await fetch(`${t.url}/apie-rengini`)).status).toBe(200);
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
    const published = await api.json('POST', '/api/admin/content/event/publish', {
      baseVersion: draft.body.draftVersion,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    await expect
      .poll(async () => page(b, '/', 'en'), { timeout: 15_000, interval: 200 })
      .toContain('12 August 2028');
  });
});

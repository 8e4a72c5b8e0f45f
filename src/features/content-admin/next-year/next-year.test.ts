import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertAdmin, sessionCookie } from '@tests/helpers/admin';
import { postForm, validRequests } from '@tests/helpers/forms';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEFAULT_TEST_DATABASE } from '@tests/helpers/test-database';
import { historyTexts } from '~/features/history/texts';
import { publishDrafts } from '~/platform/content/store.server';
import { bannerContent } from '~/platform/site-content/banner';
import { eventContent } from '~/platform/site-content/event';
import type { NextYearPlan, SavedNextYear } from './api';

// Issue 30: "Prepare next year" writes three drafts (event facts, the history year of the
// edition just ended, the banner) and publishes them together, in one transaction, or not at all.

type Json = Record<string, unknown>;
const ACTOR = { id: null, label: 'test' };

/** The texts step 2 leaves to the organiser, written. */
const written = (year: Json): Json => ({
  ...year,
  edition: { lt: 'Penktasis renginys', en: 'Fifth edition' },
  title: { lt: 'Jubiliejinis savaitgalis', en: 'The jubilee weekend' },
  description: { lt: 'Penktą kartą prie ežerų.', en: 'The fifth time by the lakes.' },
});

describe.each(DEFAULT_TEST_DATABASE)('prepare next year (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  /** The app's clock runs this far behind real time. */
  let behind = 0;
  const setClock = (at: Date) => {
    behind = Date.now() - at.getTime();
  };
  const page = async (path: string, lang: 'lt' | 'en') =>
    (await fetch(`${t.url}${path}?lang=${lang}`)).text();
  const plan = async () =>
    (await (await call(t, 'GET', '/api/admin/next-year', { cookie })).json()) as NextYearPlan;
  const document = async (type: string) =>
    (await (await call(t, 'GET', `/api/admin/content/${type}`, { cookie })).json()) as {
      draft: Json;
      draftVersion: number;
      published: Json;
      publishedVersion: number;
    };
  const save = (body: unknown) => call(t, 'PUT', '/api/admin/next-year', { cookie, body });
  const publishAll = (versions: SavedNextYear['versions']) =>
    call(t, 'POST', '/api/admin/content/publish-all', {
      cookie,
      body: {
        documents: [
          { type: 'event', baseVersion: versions.event },
          { type: 'page.history', baseVersion: versions.history },
          { type: 'banner', baseVersion: versions.banner },
        ],
      },
    });
  /** What is published of the three, and the editions known. */
  const publishedState = async () => ({
    event: (await document('event')).publishedVersion,
    history: (await document('page.history')).publishedVersion,
    banner: (await document('banner')).publishedVersion,
    editions: (await t.db.selectFrom('editions').select('edition').orderBy('edition').execute()).map(
      (row) => row.edition,
    ),
  });
  /** Prepares 2027 from the suggestion, step 2's texts written: the drafts' versions. */
  async function prepare(change: (form: NextYearPlan['form']) => NextYearPlan['form'] = (f) => f) {
    const { form, versions } = await plan();
    const bannerText = { lt: 'Iki {{shortDate}}!', en: 'See you on {{shortDate}}!' };
    const response = await save({
      form: change({ ...form, year: written(form.year), bannerText }),
      versions,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as SavedNextYear;
  }

  beforeAll(async () => {
    setClock(new Date('2026-07-01T12:00:00Z'));
    t = await startTestApp(kind, {}, { now: () => new Date(Date.now() - behind) });
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'next-year@example.com' });
    cookie = await sessionCookie(t, admin.id);
    // A registration for this year's weekend (edition 5), before it.
    const { url, body } = validRequests.registration;
    expect((await postForm(t.app, url, body)).status).toBe(201);
    // The weekend of 15–16 August 2026 is over.
    setClock(new Date('2026-08-20T12:00:00Z'));
  });
  afterAll(() => t?.close());

  it('suggests the same weekend a year later, the next edition and the history year of the one just ended', async () => {
    const { current, prepared, form } = await plan();
    expect(current).toMatchObject({ edition: 5, year: '2026', over: true });
    expect(prepared).toBe(false);
    expect(form).toMatchObject({
      edition: 6,
      start: '2027-08-14T08:00',
      end: '2027-08-15T12:00',
      registration: { opens: '', closes: '' },
      bannerText: { lt: expect.stringContaining('{{shortDate}}') as string },
    });
    expect(form.year).toMatchObject({
      year: '2026',
      date: { lt: '2026 m. rugpjūčio 15–16 d.', en: '15–16 August 2026' },
      location: { lt: 'Ežerų stovyklavietė Pietų Velse', en: 'Lakeside campsite in South Wales' },
      price: {
        lt: 'Palapinės vieta 25\u00a0£ už naktį, dienos bilietas 5\u00a0£, vaikams 1\u00a0£',
        en: 'Tent pitch £25 a night, day ticket £5, children £1',
      },
      // Left for the organiser.
      title: { lt: '', en: '' },
      photos: [],
    });
  });

  it('saving writes three drafts through the draft path and publishes nothing; texts to write are named', async () => {
    const before = await publishedState();
    const { form, versions } = await plan();
    const response = await save({ form, versions });
    expect(response.status).toBe(200);
    const saved = (await response.json()) as SavedNextYear;
    expect(saved.missing.map((m) => m.field)).toEqual(
      expect.arrayContaining(['page.history:years.0.title.lt', 'page.history:years.0.description.en']),
    );
    expect((await document('event')).draft).toMatchObject({ edition: 6, start: '2027-08-14T08:00' });
    const history = await document('page.history');
    expect((history.draft.years as Json[]).map((y) => y.year)).toEqual([
      '2026',
      '2025',
      '2024',
      '2023',
      '2022',
    ]);
    expect((history.published.years as Json[])[0]!.year).toBe('2025');
    expect(await publishedState()).toEqual(before);
    // Loaded again, the page shows what was saved; saved again, the year replaces itself.
    const again = await plan();
    expect(again.prepared).toBe(true);
    expect((await save({ form: again.form, versions: again.versions })).status).toBe(200);
    expect(((await document('page.history')).draft.years as Json[]).length).toBe(5);
    // An old version is refused: someone saved meanwhile.
    expect((await save({ form, versions })).status).toBe(409);
  });

  it('bad input is a translated 400 naming the field, and writes nothing', async () => {
    const { form, versions } = await plan();
    const response = await save({ form: { ...form, end: '2027-08-13T12:00' }, versions });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: 'validation',
      fields: [{ field: 'event:end', message: 'content:errors.dateOrder' }],
    });
    const link = await save({
      form: { ...form, year: { ...form.year, mapLink: 'javascript:alert(1)' } },
      versions,
    });
    expect(link.status).toBe(400);
    expect(((await link.json()) as { fields: { field: string }[] }).fields[0]!.field).toBe(
      'page.history:years.0.mapLink',
    );
    // Neither the facts (saved first) nor anything else changed.
    expect((await plan()).versions).toEqual(versions);
    expect((await save({ form: { ...form, edition: 0 }, versions })).status).toBe(400);
    // Issue 42.4: a UK time the clocks skip, or show twice, is refused at its field.
    for (const [registration, field, message] of [
      [{ opens: '2027-03-28T01:30', closes: '' }, 'event:registration.opens', 'content:errors.clockGap'],
      [{ opens: '2026-10-25T01:30', closes: '' }, 'event:registration.opens', 'content:errors.clockRepeat'],
    ] as const) {
      const clock = await save({ form: { ...form, registration }, versions });
      expect(clock.status).toBe(400);
      expect(await clock.json()).toMatchObject({ error: 'validation', fields: [{ field, message }] });
    }
    expect((await plan()).versions).toEqual(versions);
  });

  it('publish all refuses when the third document lacks a translation, and publishes none of them', async () => {
    const saved = await prepare();
    // The banner's English text emptied in the ordinary editor: a draft may, a publish may not.
    const banner = await document('banner');
    const draft = await call(t, 'PUT', '/api/admin/content/banner/draft', {
      cookie,
      body: {
        data: { ...banner.draft, text: { lt: 'Iki {{shortDate}}!', en: '' } },
        baseVersion: banner.draftVersion,
      },
    });
    expect(draft.status).toBe(200);
    const before = await publishedState();
    const response = await publishAll({ ...saved.versions, banner: banner.draftVersion + 1 });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      error: 'content_incomplete',
      message: 'content:errors.incomplete',
      fields: [{ field: 'banner:text.en', message: 'content:errors.required' }],
    });
    expect(await publishedState()).toEqual(before);
    expect(before.editions).toEqual([5]);
  });

  it('a failure inside the transaction at the third document leaves the first two unpublished', async () => {
    const saved = await prepare();
    const before = await publishedState();
    await expect(
      publishDrafts(
        t.db,
        [
          {
            type: eventContent,
            baseVersion: saved.versions.event,
            // The editions table follows the facts, in the same transaction.
            follow: async (trx) => {
              await trx
                .insertInto('editions')
                .values({ edition: 6, starts_at: new Date(), ends_at: new Date() })
                .execute();
            },
          },
          { type: historyTexts, baseVersion: saved.versions.history },
          {
            type: bannerContent,
            baseVersion: saved.versions.banner,
            follow: () => Promise.reject(new Error('the third fails')),
          },
        ],
        ACTOR,
      ),
    ).rejects.toThrow('the third fails');
    expect(await publishedState()).toEqual(before);
    expect(
      await t.db.selectFrom('content_versions').select('type').where('published_by', '=', 'test').execute(),
    ).toEqual([]);
  });

  it('another publish of the event facts meanwhile: 409, and nothing is published', async () => {
    const saved = await prepare();
    // A second organiser changes the check-in time of this year's facts and publishes.
    const event = await document('event');
    const other = await call(t, 'PUT', '/api/admin/content/event/draft', {
      cookie,
      body: { data: { ...event.published, checkIn: '09:00' }, baseVersion: event.draftVersion },
    });
    expect(other.status).toBe(200);
    const { draftVersion } = (await other.json()) as { draftVersion: number };
    expect(
      (
        await call(t, 'POST', '/api/admin/content/event/publish', {
          cookie,
          body: { baseVersion: draftVersion },
        })
      ).status,
    ).toBe(200);
    const before = await publishedState();
    const response = await publishAll(saved.versions);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: 'content_changed' });
    expect(await publishedState()).toEqual(before);
    expect(((await document('page.history')).published.years as Json[])[0]!.year).toBe('2025');
  });

  it('publish all: the home page invites to 2027 again, the history shows 2026, edition 5 keeps its registrations', async () => {
    expect(await page('/', 'lt')).toContain('Ačiū, kad buvote BBQ savaitgalyje 2026!');
    const saved = await prepare((form) => ({
      ...form,
      bannerText: {
        lt: 'Šeštasis BBQ savaitgalis – {{shortDate}}!',
        en: 'The sixth BBQ weekend – {{shortDate}}!',
      },
    }));
    const before = await publishedState();
    const response = await publishAll(saved.versions);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({
      published: [
        { type: 'event', publishedVersion: before.event + 1 },
        { type: 'page.history', publishedVersion: before.history + 1 },
        { type: 'banner', publishedVersion: before.banner + 1 },
      ],
    });
    expect((await publishedState()).editions).toEqual([5, 6]);

    const home = await page('/', 'lt');
    expect(home).not.toContain('Ačiū, kad buvote BBQ savaitgalyje');
    expect(home).toContain('Šeštasis BBQ savaitgalis – 2027 m. rugpjūčio 14 d.!');
    expect(await page('/', 'en')).toContain('The sixth BBQ weekend – 14 August 2027!');
    const history = await page('/istorija', 'en');
    expect(history).toContain('The jubilee weekend');
    expect(history).toContain('15–16 August 2026');
    // Registration is open for the new edition; last year's registration is still there.
    expect(await page('/registracija', 'lt')).toContain('name="firstName"');
    const rows = await t.db.selectFrom('registrations').select('edition').execute();
    expect(rows.map((row) => row.edition)).toEqual([5]);
    // Each publish is audited as part of the three.
    const audits = await t.db
      .selectFrom('audit_log')
      .select(['entity_id', 'details'])
      .where('action', '=', 'content.publish')
      .execute();
    const together = audits.filter((a) => a.details && 'together' in a.details);
    expect(together.map((a) => a.entity_id).sort()).toEqual(['banner', 'event', 'page.history']);
  });

  it('the preview shows the three drafts together', async () => {
    const saved = await prepare((form) => ({
      ...form,
      edition: 7,
      start: '2028-08-12T08:00',
      end: '2028-08-13T12:00',
      bannerText: { lt: 'Septintasis – {{shortDate}}', en: 'The seventh – {{shortDate}}' },
    }));
    expect(saved.missing).toEqual([]);
    const html = await (
      await call(t, 'GET', '/api/admin/content/preview?type=event,page.history,banner&page=/&lang=en', {
        cookie,
      })
    ).text();
    expect(html).toContain('The seventh – 12 August 2028');
    expect(await page('/', 'en')).not.toContain('The seventh');
    expect(
      (await call(t, 'GET', '/api/admin/content/preview?type=event,nothing&page=/&lang=en', { cookie }))
        .status,
    ).toBe(404);
  });

  it('is for signed-in admins only', async () => {
    expect((await call(t, 'GET', '/api/admin/next-year')).status).toBe(401);
    expect((await call(t, 'PUT', '/api/admin/next-year', { body: {} })).status).toBe(401);
    expect((await call(t, 'POST', '/api/admin/content/publish-all', { body: {} })).status).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertAdmin, publishContent, sessionCookie } from '@tests/helpers/admin';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEFAULT_TEST_DATABASE } from '@tests/helpers/test-database';
import { eventPlaceholders } from '~/platform/event/placeholders';
import { enOrdinal, ltOrdinal, ordinalPattern } from '~/platform/event/ordinal';
import { eventContent, type EventFacts } from '~/platform/site-content/event';
import { initialContent } from '~/platform/content/initial.server';
import type { NextYearPlan, SavedNextYear } from './api';
import { staleWords } from './stale';

// Issue 43: after "Prepare next year" the site said "the jubilee fifth" and "thank you for
// 2025" in 2027. Texts name the edition through the facts; the ones that still name it in
// words are found by the server and rewritten in the same step.

type Json = Record<string, unknown>;

describe('the edition in words', () => {
  it('says the ordinal in both languages, in the Lithuanian cases the texts use', () => {
    expect([ltOrdinal(5), ltOrdinal(6), ltOrdinal(3), ltOrdinal(21)]).toEqual([
      'penktasis',
      'šeštasis',
      'trečiasis',
      'dvidešimt pirmasis',
    ]);
    expect([ltOrdinal(6, 'genitive'), ltOrdinal(6, 'accusative'), ltOrdinal(4, 'accusative')]).toEqual([
      'šeštojo',
      'šeštąjį',
      'ketvirtąjį',
    ]);
    expect([enOrdinal(5), enOrdinal(12), enOrdinal(21), enOrdinal(40), enOrdinal(112)]).toEqual([
      'fifth',
      'twelfth',
      'twenty-first',
      'fortieth',
      '112th',
    ]);
  });

  it('says "jubilee" every fifth edition, the feast only on 15 August, the last year held', () => {
    const facts = initialContent(eventContent.id) as EventFacts;
    const fifth = eventPlaceholders(facts, 'lt');
    expect(fifth).toMatchObject({
      editionTitle: 'Jubiliejinis, penktasis',
      editionAccusative: 'jubiliejinį, penktąjį',
      feast: ', per Žolinę',
      lastYear: '2025',
      lastOrdinalAccusative: 'ketvirtąjį',
    });
    const sixth = { ...facts, edition: 6, start: '2027-11-13T08:00', end: '2027-11-14T12:00' };
    expect(eventPlaceholders(sixth, 'en')).toMatchObject({
      editionTitle: 'The sixth',
      ordinal: 'sixth',
      feast: '',
      lastYear: '2026',
    });
    expect(eventPlaceholders(sixth, 'lt')).toMatchObject({
      editionTitle: 'Šeštasis',
      ordinalGenitive: 'šeštojo',
    });
    // Once the weekend is over, the last one held is this one.
    expect(eventPlaceholders(facts, 'en', { over: true })).toMatchObject({
      lastYear: '2026',
      lastOrdinalAccusative: 'fifth',
    });
  });

  it('finds an old edition in any form, not other words on the same stem', () => {
    const pattern = ordinalPattern(5);
    const found = (text: string) => [...text.matchAll(pattern)].map((m) => m[0]);
    expect(found('Penktasis savaitgalis, penktąjį kartą, Penkti metai, the fifth, our 5th')).toEqual([
      'Penktasis',
      'penktąjį',
      'Penkti',
      'fifth',
      '5th',
    ]);
    expect(found('penktadienį, penkiolika, fifteenth, 15th')).toEqual([]);
    const matcher = { edition: 5, year: 2026 };
    expect(staleWords('Jubiliejinis 2026 m. ir 2025-ieji, ne 20260 ar {{year}}', matcher)).toEqual([
      'Jubiliejinis',
      '2026',
      '2025',
    ]);
    expect(staleWords('{{editionTitle}} BBQ savaitgalis – {{shortDate}}{{feast}}!', matcher)).toEqual([]);
  });
});

describe.each(DEFAULT_TEST_DATABASE)('prepare next year: texts that name the old edition (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  const plan = async () =>
    (await (await call(t, 'GET', '/api/admin/next-year', { cookie })).json()) as NextYearPlan;
  const document = async (type: string) =>
    (await (await call(t, 'GET', `/api/admin/content/${type}`, { cookie })).json()) as {
      draft: Json & { items: Array<{ answer: { lt: string; en: string } }> };
      published: Json & { items: Array<{ answer: { lt: string; en: string } }> };
    };
  const ready = (year: Json): Json => ({
    ...year,
    edition: { lt: 'Penktasis renginys', en: 'Fifth edition' },
    title: { lt: 'Prie ežerų', en: 'By the lakes' },
    description: { lt: 'Kartu.', en: 'Together.' },
  });

  beforeAll(async () => {
    // After the 2026 weekend.
    t = await startTestApp(kind, {}, { now: () => new Date('2026-08-20T12:00:00Z') });
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'stale@example.com' });
    cookie = await sessionCookie(t, admin.id);
  });
  afterAll(() => t?.close());

  it('lists every published text that names the old edition or its years, found by the server', async () => {
    // The first content names the years only in the 2025 photo gallery's words.
    const first = await plan();
    expect(first.stale.map((entry) => `${entry.type}:${entry.path}.${entry.language}`)).toEqual(
      expect.arrayContaining(['page.about:photos.title.lt', 'page.about:photos.title.en']),
    );
    expect(first.stale.every((entry) => entry.found.every((word) => /^2025$/.test(word)))).toBe(true);
    // An organiser wrote the edition and the year into an FAQ answer by hand.
    const faq = await document('page.faq');
    const items = structuredClone(faq.published.items);
    items[0]!.answer = {
      lt: 'Penktasis, jubiliejinis savaitgalis vyks 2026 m. rugpjūtį.',
      en: 'The fifth, jubilee weekend takes place in August 2026.',
    };
    await publishContent(t, cookie, 'page.faq', { items });
    const { stale } = await plan();
    const listed = stale.filter((entry) => entry.type === 'page.faq');
    expect(listed.map(({ path, language, found }) => ({ path, language, found }))).toEqual([
      { path: 'items.0.answer', language: 'lt', found: ['Penktasis', 'jubiliejinis', '2026'] },
      { path: 'items.0.answer', language: 'en', found: ['fifth', 'jubilee', '2026'] },
    ]);
    // Not the history (years are its subject), the banner (a step of its own) or the facts.
    expect(stale.some((entry) => ['page.history', 'banner', 'event'].includes(entry.type))).toBe(false);
  });

  it('rewritten in the step, the texts are saved as drafts and published with the three', async () => {
    const { form, versions, stale } = await plan();
    const [lt, en] = stale.filter((entry) => entry.type === 'page.faq');
    const texts = [
      { ...pick(lt!), text: '{{editionTitle}} savaitgalis vyks {{year}} m. rugpjūtį.' },
      { ...pick(en!), text: '{{editionTitle}} weekend takes place in August {{year}}.' },
    ];
    const response = await call(t, 'PUT', '/api/admin/next-year', {
      cookie,
      body: { form: { ...form, year: ready(form.year), texts }, versions },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const saved = (await response.json()) as SavedNextYear;
    expect(saved.versions.texts?.['page.faq']).toBeGreaterThan(versions.texts!['page.faq']!);
    // A draft: the site still says what it said.
    const faq = await document('page.faq');
    expect(faq.draft.items[0]!.answer.en).toBe('{{editionTitle}} weekend takes place in August {{year}}.');
    expect(faq.published.items[0]!.answer.en).toContain('fifth');
    // Loaded again, the step shows the draft's text, which names nothing old.
    const again = (await plan()).stale.filter((entry) => entry.type === 'page.faq');
    expect(again.map((entry) => entry.draftFound)).toEqual([[], []]);

    const published = await call(t, 'POST', '/api/admin/content/publish-all', {
      cookie,
      body: {
        documents: [
          { type: 'event', baseVersion: saved.versions.event },
          { type: 'page.history', baseVersion: saved.versions.history },
          { type: 'banner', baseVersion: saved.versions.banner },
          { type: 'page.faq', baseVersion: saved.versions.texts!['page.faq'] },
        ],
      },
    });
    expect(published.status, await published.clone().text()).toBe(200);
    const en_ = await (await fetch(`${t.url}/duk?lang=en`)).text();
    expect(en_).toContain('The sixth weekend takes place in August 2027.');
    const lt_ = await (await fetch(`${t.url}/duk?lang=lt`)).text();
    expect(lt_).toContain('Šeštasis savaitgalis vyks 2027 m. rugpjūtį.');
    // What visitors read (the hydration data names the last weekend held, the fifth, as it should).
    const visible = lt_.replace(/<script[\s\S]*?<\/script>/g, '');
    expect(visible.match(/.{0,60}(penkt|jubil).{0,60}/i)?.[0]).toBeUndefined();
  });

  it('a text that is not where the form says: a translated 400, nothing written', async () => {
    const { form, versions } = await plan();
    const before = await document('page.faq');
    const response = await call(t, 'PUT', '/api/admin/next-year', {
      cookie,
      body: {
        form: {
          ...form,
          year: ready(form.year),
          texts: [{ type: 'page.faq', path: 'items.999.answer', language: 'en', text: 'x' }],
        },
        versions: { ...versions, texts: { 'page.faq': (await plan()).versions.texts?.['page.faq'] ?? 1 } },
      },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe('nextYear:errors.textGone');
    expect((await document('page.faq')).draft).toEqual(before.draft);
  });
});

const pick = ({ type, path, language }: { type: string; path: string; language: 'lt' | 'en' }) => ({
  type,
  path,
  language,
});

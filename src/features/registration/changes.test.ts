import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, insertAdmin, insertRegistration, publishContent, sessionCookie } from '@tests/helpers/admin';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';
import { CONTENT_TYPES } from '~/app/content-types';
import { upgradeContent } from '~/platform/content/upgrade.server';
import { newSelfServiceLink, storeSelfServiceLink } from '~/platform/privacy/self-service-links.server';
import registrationMailsInitial from '@content/initial/mail.registration.json' with { type: 'json' };
import privacyInitial from '@content/initial/page.privacy.json' with { type: 'json' };
import type { RegistrationRow } from './admin';

// Issue 32, "changes that reach the organisers": a participant changes or cancels their
// registration from their private link (JSON API and the page's own posts without scripts);
// each change is checked like the form, kept in the registration's history, confirmed to them
// by e-mail in their language, and shown to the organisers.

/** Every field the private link corrects, as the page sends them. */
const CURRENT = {
  firstName: 'Gintarė',
  lastName: 'Žemaitytė',
  phone: '+44 7700 900456',
  participationType: ['participate'],
  camping: 'tent',
  adults: 2,
  children: 1,
  dietaryNeeds: '',
  accessibilityNeeds: '',
  healthConsent: false,
  notes: '',
};

/** A change of each choice, the group and the needs (with their consent). */
const EVERY_FIELD_CHANGED = {
  ...CURRENT,
  participationType: ['compete', 'music'],
  camping: 'day_only',
  adults: 3,
  children: 0,
  dietaryNeeds: 'No nuts',
  healthConsent: true,
};

describe.each(TEST_DATABASE_KINDS)('a participant changes their registration (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { PUBLIC_URL: 'https://bbq.example' });
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'organiser@example.com' });
    cookie = await sessionCookie(t, admin.id);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.db.deleteFrom('mail_outbox').execute();
    await t.db.deleteFrom('self_service_links').execute();
    await t.db.deleteFrom('registrations').execute();
  });

  /** A registration and its private link. */
  async function registered(values: Parameters<typeof insertRegistration>[1] = {}) {
    const { id } = await insertRegistration(t.db, { language: 'en', ...values });
    const link = newSelfServiceLink('https://bbq.example');
    await t.db.transaction().execute((trx) =>
      storeSelfServiceLink(trx, link, {
        table: 'registrations',
        id,
        email: values.email ?? 'gintare@example.com',
        language: values.language === 'lt' ? 'lt' : 'en',
      }),
    );
    return { id, token: link.token };
  }

  let ipSeq = 0;
  const ip = () => `10.32.${Math.floor(ipSeq / 250)}.${ipSeq++ % 250}`;
  const api = (
    method: 'GET' | 'PATCH' | 'POST',
    path: string,
    token: string,
    payload?: object,
    lang = 'en',
  ) =>
    t.app.inject({
      method,
      url: `${path}?link=${token}&lang=${lang}`,
      remoteAddress: ip(),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  /** The page's own post, as a browser without scripts sends it. */
  const page = (token: string, fields: [string, string][], lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/mano-duomenys?link=${token}${lang === 'en' ? '&lang=en' : ''}`,
      remoteAddress: ip(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const history = (id: string) =>
    t.db
      .selectFrom('registration_changes')
      .select(['field', 'before', 'after', 'changed_by'])
      .where('registration_id', '=', id)
      .orderBy('changed_at')
      .orderBy('field')
      .execute();
  const mails = (template: string) =>
    t.db.selectFrom('mail_outbox').selectAll().where('template', '=', template).execute();
  /**
   * Runs `check` on a database whose `type` document is `older` at shape 1 (as the release
   * before wrote it), after the start's content upgrade; puts the document back after.
   */
  async function upgradedFrom(
    typeId: string,
    older: (current: unknown) => unknown,
    check: (after: { published: unknown; draft: unknown; schema_version: number }) => void,
  ) {
    const type = CONTENT_TYPES.find((candidate) => candidate.id === typeId)!;
    const document = () =>
      t.db
        .selectFrom('content_documents')
        .select(['draft', 'published', 'schema_version'])
        .where('type', '=', type.id)
        .executeTakeFirstOrThrow();
    const put = (draft: unknown, published: unknown, version: number) =>
      t.db
        .updateTable('content_documents')
        .set({ draft: JSON.stringify(draft), published: JSON.stringify(published), schema_version: version })
        .where('type', '=', type.id)
        .execute();
    const saved = await document();
    const before = older(structuredClone(saved.published));
    await put(before, before, 1);
    try {
      expect(await upgradeContent(t.db, CONTENT_TYPES)).toContain(type.id);
      const after = await document();
      expect(type.schema.safeParse(after.published).success).toBe(true);
      check(after);
    } finally {
      await put(saved.draft, saved.published, saved.schema_version);
    }
  }
  const rowOf = (id: string) =>
    t.db.selectFrom('registrations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('changes every field a participant would change: stored, kept in the history, e-mailed once in English', async () => {
    const { id, token } = await registered();
    const shown = (await api('GET', '/api/my-data', token)).json() as {
      fields: {
        name: string;
        editable?: { kind: string; chosen?: string[]; options?: { value: string }[] };
      }[];
    };
    const editable = (name: string) => shown.fields.find((field) => field.name === name)?.editable;
    expect(editable('participationType')).toMatchObject({ kind: 'choices', chosen: ['participate'] });
    expect(editable('participationType')!.options).toHaveLength(7);
    expect(editable('camping')).toMatchObject({ kind: 'choice', chosen: ['tent'] });

    const changed = await api('PATCH', '/api/my-data', token, EVERY_FIELD_CHANGED);
    expect(changed.statusCode).toBe(200);
    const row = await rowOf(id);
    expect(row).toMatchObject({
      participation_types: ['compete', 'music'],
      camping: 'day_only',
      adults: 3,
      children: 0,
      dietary_needs: 'No nuts',
    });
    expect(row.consents.health?.text).toMatch(/^I explicitly agree/);
    expect(await history(id)).toEqual(
      [
        { field: 'adults', before: '2', after: '3' },
        { field: 'camping', before: 'tent', after: 'day_only' },
        { field: 'children', before: '1', after: '0' },
        { field: 'dietaryNeeds', before: null, after: 'No nuts' },
        { field: 'healthConsent', before: 'false', after: 'true' },
        { field: 'participationType', before: 'participate', after: 'compete,music' },
      ].map((change) => ({ ...change, changed_by: 'participant' })),
    );
    const [mail, ...more] = await mails('registration.changed');
    expect(more).toHaveLength(0);
    expect(mail!.to_address).toBe('gintare@example.com');
    expect(mail!.related_id).toBe(id);
    expect(mail!.subject).toMatch(/^Your registration has been changed – .+/);
    expect(mail!.subject).not.toContain('{{');
    expect(mail!.text_body).toContain('Gintarė, your changes are saved');
    expect(mail!.text_body).toContain('What changed');
    expect(mail!.text_body).toContain('Adults (16+): 2 → 3');
    expect(mail!.text_body).toContain('Staying: In a tent at the campsite → Day visit only');
    expect(mail!.text_body).toContain('Allergies or dietary needs: (empty) → No nuts');
    expect(mail!.text_body).not.toMatch(/\{\{\w+\}\}/);

    // Saving again what is stored changes nothing: no history, no e-mail.
    const again = await api('PATCH', '/api/my-data', token, EVERY_FIELD_CHANGED);
    expect(again.statusCode).toBe(200);
    expect(await history(id)).toHaveLength(6);
    expect(await mails('registration.changed')).toHaveLength(1);
  });

  it('refuses what the form refuses, with the form’s messages, and writes nothing', async () => {
    const { id, token } = await registered();
    const before = await rowOf(id);
    const refusals: [object, string, string][] = [
      [{ participationType: [] }, 'participationType', 'registration:validation.participationTypeRequired'],
      [
        { participationType: ['sleeping'] },
        'participationType',
        'registration:validation.participationTypeRequired',
      ],
      [{ camping: 'castle' }, 'camping', 'registration:validation.campingRequired'],
      [{ adults: 0 }, 'adults', 'registration:validation.adultsRange'],
      [{ children: 31 }, 'children', 'registration:validation.childrenRange'],
      [{ adults: 1.5 }, 'adults', 'registration:validation.adultsRange'],
      // Needs stay only with their own consent: the form's cross-field rule.
      [
        { accessibilityNeeds: 'Wheelchair', healthConsent: false },
        'healthConsent',
        'registration:validation.healthConsent',
      ],
    ];
    for (const [change, field, message] of refusals) {
      const refused = await api('PATCH', '/api/my-data', token, { ...CURRENT, ...change });
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect((refused.json() as { fields: unknown[] }).fields, JSON.stringify(change)).toContainEqual({
        field,
        message,
      });
    }
    expect(await rowOf(id)).toEqual(before);
    expect(await history(id)).toEqual([]);
    expect(await t.db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
  });

  it('a cancellation: cancelled, kept in the history, e-mailed once in Lithuanian; a cancelled one no longer changes', async () => {
    const { id, token } = await registered({ language: 'lt', first_name: 'Rūta' });
    const cancelled = await api('POST', '/api/my-data/cancel', token, undefined, 'lt');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ cancelled: true });
    expect((await rowOf(id)).status).toBe('cancelled');
    expect(await history(id)).toEqual([
      { field: 'status', before: 'new', after: 'cancelled', changed_by: 'participant' },
    ]);
    const [mail] = await mails('registration.cancelled');
    expect(mail!.subject).toMatch(/^Registracija atšaukta – .+/);
    expect(mail!.text_body).toContain('Rūta, jūsų registracija atšaukta');
    // A second click: nothing more happens, nobody is told twice.
    expect((await api('POST', '/api/my-data/cancel', token, undefined, 'lt')).statusCode).toBe(200);
    expect(await mails('registration.cancelled')).toHaveLength(1);
    expect(await history(id)).toHaveLength(1);
    const late = await api('PATCH', '/api/my-data', token, { ...CURRENT, adults: 4 });
    expect(late.statusCode).toBe(409);
    expect((await rowOf(id)).adults).toBe(2);
  });

  it('the organisers see the history, and "changed since confirmed" only for a change after confirming', async () => {
    const early = await registered({ email: 'early@example.com', first_name: 'Early' });
    const late = await registered({ email: 'late@example.com', first_name: 'Late' });
    // A change before the organisers confirm: in the history, but what they confirm is current.
    expect(
      (await api('PATCH', '/api/my-data', early.token, { ...CURRENT, firstName: 'Early', adults: 4 }))
        .statusCode,
    ).toBe(200);
    const confirmed = await call(t, 'POST', '/api/admin/registrations/confirm', {
      cookie,
      body: { ids: [early.id, late.id] },
    });
    expect(await confirmed.json()).toEqual({ confirmed: 2 });
    expect(
      (await api('PATCH', '/api/my-data', late.token, { ...CURRENT, firstName: 'Late', children: 3 }))
        .statusCode,
    ).toBe(200);

    const list = (await (await call(t, 'GET', '/api/admin/registrations', { cookie })).json()) as {
      rows: RegistrationRow[];
    };
    const byName = (name: string) => list.rows.find((row) => row.first_name === name)!;
    expect(byName('Early')).toMatchObject({
      changed_since_confirmed: false,
      changes: [{ field: 'adults', before: '2', after: '4', by: 'participant' }],
    });
    expect(byName('Late')).toMatchObject({
      changed_since_confirmed: true,
      changes: [{ field: 'children', before: '1', after: '3', by: 'participant' }],
    });
    expect(Date.parse(byName('Late').changes[0]!.at)).toBeGreaterThan(
      Date.parse(byName('Late').confirmed_at!),
    );
  });

  it('the history is personal data: exported with the registration and erased with it', async () => {
    const { id, token } = await registered();
    await api('PATCH', '/api/my-data', token, { ...CURRENT, phone: '+44 7700 900999' });
    const file = (await api('GET', '/api/my-data/export', token)).json() as {
      tables: Record<string, Record<string, unknown>[]>;
    };
    expect(file.tables.registration_changes).toEqual([
      expect.objectContaining({
        registration_id: id,
        field: 'phone',
        before: '+44 7700 900456',
        after: '+44 7700 900999',
      }),
    ]);
    const search = await call(t, 'GET', '/api/admin/privacy/search?email=gintare%40example.com', { cookie });
    const found = (await search.json()) as { tables: { table: string; action: string; rows: unknown[] }[] };
    expect(found.tables.find((table) => table.table === 'registration_changes')).toMatchObject({
      action: 'delete',
      rows: [expect.objectContaining({ field: 'phone' })],
    });
    const erased = await t.app.inject({
      method: 'DELETE',
      url: `/api/my-data?link=${token}`,
      remoteAddress: ip(),
    });
    expect(erased.statusCode).toBe(200);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from registration_changes`.execute(
      t.db,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('without scripts: the page opens the record, refuses bad values with their messages and keeps them, saves, and cancels', async () => {
    const { id, token } = await registered();
    const opened = await page(token, [['intent', 'open']]);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.body).toContain('Your registration');
    expect(opened.body).toContain('Gintarė');

    const editing = await page(token, [['intent', 'edit']]);
    expect(editing.statusCode).toBe(200);
    expect(editing.body).toContain('name="participationType"');
    expect(editing.body).toMatch(/value="tent"[^>]*checked|checked[^>]*value="tent"/);

    const form = (changes: Record<string, string | string[]>) => {
      const values: Record<string, string | string[]> = {
        firstName: 'Gintarė',
        lastName: 'Žemaitytė',
        phone: '+44 7700 900456',
        participationType: ['participate'],
        camping: 'tent',
        adults: '2',
        children: '1',
        dietaryNeeds: '',
        accessibilityNeeds: '',
        notes: '',
        ...changes,
      };
      return Object.entries(values).flatMap(([name, value]) =>
        [value].flat().map((item) => [name, item] as [string, string]),
      );
    };
    const refused = await page(token, [
      ...form({ adults: '0', participationType: [], dietaryNeeds: 'Gluten free' }),
      ['intent', 'correct'],
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Please check the marked fields: nothing was changed.');
    expect(refused.body).toContain('Choose how you will take part');
    expect(refused.body).toContain('Gluten free');
    expect((await rowOf(id)).adults).toBe(2);
    expect(await history(id)).toEqual([]);

    const saved = await page(token, [
      ...form({ adults: '3', participationType: ['participate', 'photography'], camping: 'nearby' }),
      ['intent', 'correct'],
    ]);
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain('Your changes are saved.');
    expect(await rowOf(id)).toMatchObject({
      adults: 3,
      camping: 'nearby',
      participation_types: ['participate', 'photography'],
    });
    expect((await history(id)).map((change) => change.field)).toEqual([
      'adults',
      'camping',
      'participationType',
    ]);
    expect(await mails('registration.changed')).toHaveLength(1);

    const cancelled = await page(token, [['intent', 'cancel']], 'lt');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.body).toContain('Registracija atšaukta.');
    expect((await rowOf(id)).status).toBe('cancelled');
    expect(await mails('registration.cancelled')).toHaveLength(1);

    const gone = await page('A'.repeat(43), [['intent', 'open']]);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('This link does not work');
  });

  it('the e-mails say what the organisers published', async () => {
    const published = await publishContent(t, cookie, 'mail.registration', {
      changed: {
        subject: { lt: 'Pakeista: {{dayMonth}}', en: 'Changed: {{dayMonth}}' },
        heading: { lt: 'Labas, {{firstName}}', en: 'Hi {{firstName}}' },
        intro: { lt: 'Gavome.', en: 'Got it.' },
        closing: { lt: 'Iki!', en: 'Bye!' },
      },
    });
    expect(published.status).toBe(200);
    const { token } = await registered();
    await api('PATCH', '/api/my-data', token, { ...CURRENT, notes: 'Arriving late' });
    const [mail] = await mails('registration.changed');
    expect(mail!.subject).toMatch(/^Changed: \d{1,2} [A-Z][a-z]+$/);
    expect(mail!.text_body).toContain('Hi Gintarė');
    expect(mail!.text_body).toContain('Bye!');
    await publishContent(t, cookie, 'mail.registration', { changed: registrationMailsInitial.changed });
  });

  it('a database from before: its registration e-mails gain the change and cancellation texts, the organisers’ own confirmation kept', async () => {
    await upgradedFrom(
      'mail.registration',
      () => ({
        confirmed: {
          ...registrationMailsInitial.confirmed,
          closing: { lt: 'Mūsų pačių pabaiga.', en: 'Our own closing.' },
        },
      }),
      (after) => {
        expect(after.schema_version).toBe(2);
        for (const document of [after.published, after.draft] as (typeof registrationMailsInitial)[]) {
          expect(document.confirmed.closing.en).toBe('Our own closing.');
          expect(document.changed).toEqual(registrationMailsInitial.changed);
          expect(document.cancelled).toEqual(registrationMailsInitial.cancelled);
        }
      },
    );
  });

  it('a database from before: the privacy notice says the changes are kept, where the organisers left its words', async () => {
    await upgradedFrom(
      'page.privacy',
      (current) => {
        // As shape 1 had it: the registration's data as first written, the rights as an organiser rewrote them.
        const before = current as typeof privacyInitial;
        before.collected.items[0]!.data = {
          lt: 'Vardas, pavardė, el. paštas, telefonas, kaip dalyvausite, stovyklavimas, grupės dydis (suaugusieji ir vaikai), o jei nurodote – mitybos ir prieinamumo poreikiai bei pastabos.',
          en: 'Name, e-mail, phone, how you will take part, camping, group size (adults and children) and, only if you give them, dietary and accessibility needs and notes.',
        };
        before.rights.text = { lt: 'Mūsų pačių žodžiai.', en: 'Our own words.' };
        return before;
      },
      (after) => {
        const published = after.published as typeof privacyInitial;
        expect(published.collected.items[0]!.data).toEqual(privacyInitial.collected.items[0]!.data);
        expect(published.collected.items[0]!.data.en).toContain('we also keep what changed');
        expect(published.rights.text).toEqual({ lt: 'Mūsų pačių žodžiai.', en: 'Our own words.' });
      },
    );
  });

  it('without scripts, the record’s posts have a budget of their own: the 31st is refused with the reason, "send me my links" still answers', async () => {
    const { token } = await registered();
    const from = '10.33.1.1';
    const post = (fields: Record<string, string>, query = `?link=${token}&lang=en`) =>
      t.app.inject({
        method: 'POST',
        url: `/mano-duomenys${query}`,
        remoteAddress: from,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await post({ intent: 'open' })).statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await post({ intent: 'open' });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain(
      'Too many attempts in a short time. Please wait a few minutes and try again.',
    );
    const links = await post({ email: 'gintare@example.com', homepage: '' }, '?lang=en');
    expect(links.statusCode).toBe(200);
  });
});

import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restorePglite } from '~/platform/db/backup.server';
import { auditRows, call, insertAdmin, insertRegistration, sessionCookie } from '@tests/helpers/admin';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';
import { loadAppSecret } from '~/platform/auth/app-secret.server';
import { checkInQrAttachment, checkInSignature } from '~/platform/event/check-in-code.server';
import { createMailer } from '~/platform/mail/mailer.server';
import { MailWorker } from '~/platform/mail/worker.server';
import { startTestSmtp, type TestSmtp } from '@tests/helpers/smtp';
import { formatCheckInCode, parseCheckInCode } from '~/platform/event/check-in-code';
import type { ArrivalAnswer, ArrivalsPrint, CheckInLinkRow, CheckInList, NewLinkAnswer } from './api';
import { CHECK_IN_LIMITS } from './check-in.server';

// Issue 33: the gate's check-in. One arrival per registration whoever ticks first, an explicit
// undo, the counts, and volunteers' short-lived links that open this API and nothing else.

const LIST = '/api/check-in';
const ARRIVE = '/api/check-in/arrivals';
const LINKS = '/api/admin/check-in/links';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe.each(TEST_DATABASE_KINDS)('check-in (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'gate@example.com' });
    cookie = await sessionCookie(t, admin.id);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.db.deleteFrom('check_ins').execute();
    await t.db.deleteFrom('check_in_links').execute();
    await t.db.deleteFrom('mail_outbox').execute();
    await t.db.deleteFrom('self_service_links').execute();
    await t.db.deleteFrom('registrations').execute();
  });

  const list = async (session = cookie) => {
    const response = await call(t, 'GET', LIST, { cookie: session });
    expect(response.status).toBe(200);
    return (await response.json()) as CheckInList;
  };
  const arrive = (registrationId: string, extra: Record<string, unknown> = {}, session = cookie) =>
    call(t, 'POST', ARRIVE, {
      cookie: session,
      body: { registrationId, adults: 2, children: 1, tents: 1, ...extra },
    });
  const undo = (registrationId: string, session = cookie) =>
    call(t, 'DELETE', `${ARRIVE}/${registrationId}`, { cookie: session });
  const arrivals = () => t.db.selectFrom('check_ins').selectAll().execute();

  /** A check-in link made by the admin, opened as a volunteer's phone would: its cookie. */
  async function volunteer(label = 'Jonas – main gate', hours = 12) {
    const made = await call(t, 'POST', LINKS, { cookie, body: { label, hours } });
    expect(made.status).toBe(201);
    const link = (await made.json()) as NewLinkAnswer;
    const opened = await call(t, 'GET', new URL(link.url).pathname + new URL(link.url).search, {
      origin: null,
    });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/admin/check-in');
    const setCookie = opened.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    return { link, cookie: setCookie.split(';')[0]! };
  }

  it('two phones ticking the same party at once: one arrival, the first; both told which', async () => {
    const { id } = await insertRegistration(t.db, { first_name: 'Ona' });
    const phone = await volunteer();
    const [a, b] = await Promise.all([
      arrive(id, { adults: 2 }, cookie),
      arrive(id, { adults: 3 }, phone.cookie),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const answers = [(await a.json()) as ArrivalAnswer, (await b.json()) as ArrivalAnswer];
    const rows = await arrivals();
    expect(rows).toHaveLength(1);
    // Both answers name the one arrival kept, with who made it.
    for (const answer of answers) {
      expect(answer.arrival.adults).toBe(rows[0]!.adults);
      expect(answer.arrival.by).toBe(rows[0]!.by_label);
    }
    expect(answers.filter((answer) => answer.created)).toHaveLength(1);
    // A queue replayed after a lost answer changes nothing either.
    const again = await arrive(id, { adults: 9 });
    expect(again.status).toBe(200);
    expect(((await again.json()) as ArrivalAnswer).created).toBe(false);
    expect((await arrivals())[0]!.adults).toBe(rows[0]!.adults);
    expect((await auditRows(t.db, id)).filter((row) => row.action === 'check_in.arrive')).toHaveLength(1);
  });

  it('keeps who ticked and when (the phone’s time, unless implausible)', async () => {
    const { id } = await insertRegistration(t.db);
    const phone = await volunteer('Rasa');
    const at = new Date(Date.now() - 20 * 60_000).toISOString();
    expect((await arrive(id, { at }, phone.cookie)).status).toBe(201);
    const [row] = await arrivals();
    expect(row!.by_label).toBe('Rasa');
    expect(row!.by_link_id).toBe(phone.link.id);
    expect(row!.by_admin_id).toBeNull();
    expect(new Date(row!.arrived_at).toISOString()).toBe(at);
    const audit = await auditRows(t.db, id);
    expect(audit.map((entry) => [entry.action, entry.actor])).toEqual([
      ['check_in.arrive', 'check-in link: Rasa'],
    ]);

    const other = await insertRegistration(t.db, { first_name: 'Petras' });
    await arrive(other.id, { at: '2001-01-01T00:00:00Z' });
    const clockWrong = (await arrivals()).find((r) => r.registration_id === other.id)!;
    expect(Math.abs(new Date(clockWrong.arrived_at).getTime() - Date.now())).toBeLessThan(60_000);
    expect(clockWrong.by_label).toBe('gate@example.com');
  });

  it('undo is explicit, audited, and asking twice changes nothing', async () => {
    const { id } = await insertRegistration(t.db);
    await arrive(id);
    const first = await undo(id);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ undone: true });
    expect(await arrivals()).toEqual([]);
    const second = await undo(id);
    expect(await second.json()).toEqual({ undone: false });
    expect((await auditRows(t.db, id)).map((row) => row.action)).toEqual([
      'check_in.arrive',
      'check_in.undo',
    ]);
    // After an undo the party can arrive again.
    expect((await arrive(id, { adults: 1 })).status).toBe(201);
  });

  it('lists the current edition’s expected parties (not cancelled, not another year) with the counts', async () => {
    const tent = await insertRegistration(t.db, { first_name: 'Aldona', adults: 2, children: 2 });
    const day = await insertRegistration(t.db, {
      first_name: 'Bronius',
      camping: 'day_only',
      adults: 1,
      children: 0,
      status: 'confirmed',
    });
    await insertRegistration(t.db, { first_name: 'Cancelled', status: 'cancelled' });
    await insertRegistration(t.db, { first_name: 'Lastyear', edition: null });
    const before = await list();
    expect(before.parties.map((p) => p.firstName).sort()).toEqual(['Aldona', 'Bronius']);
    expect(before.expected).toEqual({ parties: 2, people: 5, tents: 1 });
    expect(before.arrived).toEqual({ parties: 0, people: 0, tents: 0 });
    expect(before.you).toEqual({ kind: 'admin', label: 'gate@example.com', expiresAt: null });

    await arrive(tent.id, { adults: 2, children: 1, tents: 2 });
    await arrive(day.id, { adults: 1, children: 0, tents: 0 });
    const after = await list();
    expect(after.arrived).toEqual({ parties: 2, people: 4, tents: 2 });
    expect(after.parties.find((p) => p.id === tent.id)!.arrival).toMatchObject({
      adults: 2,
      children: 1,
      tents: 2,
      by: 'gate@example.com',
    });
    // A cancelled party or last year's cannot be ticked: 404, nothing written.
    const cancelled = await insertRegistration(t.db, { status: 'cancelled' });
    expect((await arrive(cancelled.id)).status).toBe(404);
    expect(await arrivals()).toHaveLength(2);
  });

  it('the arrivals to print (issue 43): only who arrived, with phone, the numbers counted, needs only with consent, when printed; admins only', async () => {
    const consented = { health: { text: 'Sutinku', at: '2026-06-01T10:00:00.000Z' } };
    const ona = await insertRegistration(t.db, { first_name: 'Ona', adults: 2, children: 2 });
    const jonas = await insertRegistration(t.db, { first_name: 'Jonas' });
    await insertRegistration(t.db, { first_name: 'Petras' }); // not arrived
    await t.db
      .updateTable('registrations')
      .set({
        phone: '+44 7700 900111',
        dietary_needs: 'Be glitimo',
        accessibility_needs: 'Vežimėlis',
        consents: JSON.stringify(consented),
      })
      .where('id', '=', ona.id)
      .execute();
    // Needs stored without the consent recorded (as an older row might be): never printed.
    await t.db
      .updateTable('registrations')
      .set({ dietary_needs: 'Vegetaras', consents: JSON.stringify({}) })
      .where('id', '=', jonas.id)
      .execute();
    expect((await arrive(ona.id, { adults: 2, children: 1, tents: 1 })).status).toBe(201);
    expect((await arrive(jonas.id, { adults: 1, children: 0, tents: 0 })).status).toBe(201);

    const response = await call(t, 'GET', '/api/admin/check-in/arrivals', { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const print = (await response.json()) as ArrivalsPrint;
    expect(Date.parse(print.printedAt)).not.toBeNaN();
    expect(print.parties.map((p) => p.firstName)).toEqual(
      ['Jonas', 'Ona'].sort((a, b) => a.localeCompare(b)),
    );
    const byName = Object.fromEntries(print.parties.map((p) => [p.firstName, p]));
    expect(byName.Ona).toMatchObject({
      phone: '+44 7700 900111',
      adults: 2,
      children: 1,
      tents: 1,
      dietaryNeeds: 'Be glitimo',
      accessibilityNeeds: 'Vežimėlis',
    });
    expect(byName.Jonas).toMatchObject({ adults: 1, dietaryNeeds: null, accessibilityNeeds: null });
    expect(JSON.stringify(print)).not.toContain('Vegetaras');
    // Printing personal data is logged.
    const logged = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', '=', 'check_in.print_arrivals')
      .execute();
    expect(logged).toHaveLength(1);

    // A volunteer's link opens the gate list, never the phones and needs.
    const phone = await volunteer();
    expect((await call(t, 'GET', '/api/admin/check-in/arrivals', { cookie: phone.cookie })).status).toBe(401);
  });

  it('bad input: a translated 400 and nothing written', async () => {
    const { id } = await insertRegistration(t.db);
    for (const body of [
      { registrationId: id, adults: -1, children: 0, tents: 0 },
      { registrationId: id, adults: 31, children: 0, tents: 0 },
      { registrationId: id, adults: 1.5, children: 0, tents: 0 },
      { registrationId: 'nope', adults: 1, children: 0, tents: 0 },
      { registrationId: id, adults: 1, children: 0, tents: 0, at: 'yesterday' },
      { registrationId: id, adults: 1, children: 0, tents: 0, extra: true },
    ]) {
      const response = await call(t, 'POST', ARRIVE, { cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'validation' });
    }
    const link = await call(t, 'POST', LINKS, { cookie, body: { label: 'x', hours: 5 } });
    expect(link.status).toBe(400);
    expect(((await link.json()) as { fields: { message: string }[] }).fields.map((f) => f.message)).toEqual(
      expect.arrayContaining(['checkIn:errors.label', 'checkIn:errors.hours']),
    );
    expect(await arrivals()).toEqual([]);
    expect(await t.db.selectFrom('check_in_links').selectAll().execute()).toEqual([]);
  });

  it('a QR code from the e-mail: its signature is checked when the tick comes with it', async () => {
    const { id } = await insertRegistration(t.db);
    const secret = await loadAppSecret(t.db, t.config.APP_SECRET);
    const code = parseCheckInCode(formatCheckInCode(id, checkInSignature(secret, id)))!;
    expect(code.registrationId).toBe(id);
    const other = await insertRegistration(t.db, { first_name: 'Kitas' });
    const forged = await arrive(other.id, { code: code.signature });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ message: 'checkIn:errors.code' });
    expect((await arrive(id, { code: code.signature })).status).toBe(201);
  });

  it('without a session or a link: 401; a write from another site: 403', async () => {
    const { id } = await insertRegistration(t.db);
    expect((await call(t, 'GET', LIST)).status).toBe(401);
    expect((await arrive(id, {}, '')).status).toBe(401);
    expect((await call(t, 'GET', LIST, { cookie: 'bbq_check_in=' + 'a'.repeat(43) })).status).toBe(401);
    const crossSite = await call(t, 'POST', ARRIVE, {
      cookie,
      origin: 'https://evil.example',
      body: { registrationId: id, adults: 1, children: 0, tents: 0 },
    });
    expect(crossSite.status).toBe(403);
    expect(await arrivals()).toEqual([]);
  });

  it('a check-in link opens the check-in API only, until it expires or an admin ends it', async () => {
    const { id } = await insertRegistration(t.db);
    const phone = await volunteer('Gate 2', 6);
    const mine = await list(phone.cookie);
    expect(mine.you).toMatchObject({ kind: 'link', label: 'Gate 2' });
    expect(new Date(mine.you.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 5.9 * 3_600_000);
    // Nothing of the admin area.
    for (const path of ['/api/admin/session', '/api/admin/registrations', LINKS]) {
      const response = await call(t, 'GET', path, { cookie: phone.cookie });
      expect([200, 401], path).toContain(response.status);
      if (response.status === 200) expect(await response.json(), path).toMatchObject({ admin: null });
    }
    // Only the token's hash is stored.
    const stored = await t.db.selectFrom('check_in_links').selectAll().executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(new URL(phone.link.url).searchParams.get('link'));
    expect((await auditRows(t.db, stored.id)).map((row) => row.action)).toEqual(['check_in.link_create']);

    // Ended by an admin: refused at once.
    const links = (await (await call(t, 'GET', LINKS, { cookie })).json()) as CheckInLinkRow[];
    expect(links.map((l) => [l.label, l.revokedAt])).toEqual([['Gate 2', null]]);
    expect((await call(t, 'POST', `${LINKS}/${stored.id}/revoke`, { cookie })).status).toBe(204);
    expect((await call(t, 'GET', LIST, { cookie: phone.cookie })).status).toBe(401);
    expect((await arrive(id, {}, phone.cookie)).status).toBe(401);
    expect((await auditRows(t.db, stored.id)).map((row) => row.action)).toEqual([
      'check_in.link_create',
      'check_in.link_revoke',
    ]);
    // An ended link opens nothing: the screen says so.
    const reopened = await call(t, 'GET', new URL(phone.link.url).pathname + new URL(phone.link.url).search);
    expect(reopened.headers.get('location')).toBe('/admin/check-in?link=ended');

    // Expired: refused as well.
    const late = await volunteer('Late shift', 6);
    expect((await call(t, 'GET', LIST, { cookie: late.cookie })).status).toBe(200);
    await t.db
      .updateTable('check_in_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', late.link.id)
      .execute();
    expect((await call(t, 'GET', LIST, { cookie: late.cookie })).status).toBe(401);
    // A volunteer cannot make links.
    expect(
      (await call(t, 'POST', LINKS, { cookie: late.cookie, body: { label: 'Me', hours: 6 } })).status,
    ).toBe(401);
  });

  it('an arrival goes with its registration: found, exported and erased with it', async () => {
    const { id } = await insertRegistration(t.db, { email: 'ona@example.com' });
    await arrive(id);
    const search = await call(t, 'GET', '/api/admin/privacy/search?email=ona%40example.com', { cookie });
    const found = (await search.json()) as { tables: { table: string; action: string; rows: unknown[] }[] };
    expect(found.tables.find((table) => table.table === 'check_ins')).toMatchObject({
      action: 'delete',
      rows: [expect.objectContaining({ registration_id: id })],
    });
    const erased = await call(t, 'POST', '/api/admin/privacy/erase', {
      cookie,
      body: { email: 'ona@example.com' },
    });
    expect(erased.status).toBe(200);
    expect(await arrivals()).toEqual([]);
  });
});

describe.each(TEST_DATABASE_KINDS)('the QR code in the confirmation e-mail (%s)', (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let cookie: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await startTestApp(kind);
    cookie = await sessionCookie(t, (await insertAdmin(t.db, 'scrypt$17$8$1$x$y')).id);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('arrives as an inline (CID) PNG the HTML shows, carrying the registration’s signed check-in code', async () => {
    const { id } = await insertRegistration(t.db, { email: 'qr@example.com', language: 'en' });
    const confirmed = await call(t, 'POST', '/api/admin/registrations/confirm', {
      cookie,
      body: { ids: [id] },
    });
    expect(await confirmed.json()).toEqual({ confirmed: 1 });
    const mail = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('template', '=', 'registration.confirmed')
      .executeTakeFirstOrThrow();
    const secret = await loadAppSecret(t.db, t.config.APP_SECRET);
    expect(mail.attachments).toEqual([await checkInQrAttachment(secret, id)]);
    expect(mail.text_body).toContain('Your check-in code');

    // Sent over real SMTP: the image is a related part the HTML names by its Content-ID.
    const mailer = createMailer(smtp.url);
    const worker = new MailWorker({ db: t.db, mailer, from: 'Test <no-reply@example.org>', log: quiet });
    await worker.runOnce();
    mailer.close();
    const [received] = await smtp.waitForMessages(1);
    const image = received!.attachments.find((file) => file.contentType === 'image/png')!;
    expect(image.contentDisposition).toBe('inline');
    expect(image.content.subarray(1, 4).toString()).toBe('PNG');
    expect(image.cid).toBe(`check-in-${id}@lietuviubbq`);
    // The parser swaps a cid: the HTML names for the image itself: the reference resolved.
    expect(image.related).toBe(true);
    expect(received!.html).toContain(image.content.toString('base64'));
  });
});

describe('a database made by an earlier release (before check-in)', () => {
  const fixtures = path.resolve('tests/fixtures/upgrade');
  const [name] = readdirSync(fixtures)
    .filter((file) => file.endsWith('.pglite.tar.gz'))
    .sort();
  let dataDir: string;
  let t: TestApp;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bbq-check-in-upgrade-'));
    await restorePglite(path.join(fixtures, name!), dataDir);
    t = await startTestApp('pglite', {}, { dataDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates, lists its registrations, takes an arrival; its queued mail has no attachments', async () => {
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'upgrade-gate@example.com' });
    const cookie = await sessionCookie(t, admin.id);
    const { id } = await insertRegistration(t.db, { first_name: 'Senas' });
    const listed = await call(t, 'GET', LIST, { cookie });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as CheckInList).parties.map((p) => p.id)).toContain(id);
    expect(
      (
        await call(t, 'POST', ARRIVE, {
          cookie,
          body: { registrationId: id, adults: 1, children: 0, tents: 1 },
        })
      ).status,
    ).toBe(201);
    const old = await t.db.selectFrom('mail_outbox').select('attachments').execute();
    expect(old.length).toBeGreaterThan(0);
    expect(old.every((mail) => mail.attachments === null)).toBe(true);
  });
});

// Issue 42, item 6: a wrong check-in cookie was looked up in the database before the rate
// limit, so guesses from one address were answered 401 for ever, never slowed.
describe.each(TEST_DATABASE_KINDS)('check-in guesses are rate-limited before any lookup (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind, { TRUST_PROXY: 'true' });
  });
  afterAll(() => t?.close());

  const from = (ip: string, cookie: string) =>
    call(t, 'GET', LIST, { cookie, headers: { 'x-forwarded-for': ip } });

  it('guesses from one address: 401 up to the limit, then 429; a right cookie from another address still works', async () => {
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'limits@example.com' });
    const made = await call(t, 'POST', '/api/admin/check-in/links', {
      cookie: await sessionCookie(t, admin.id),
      body: { label: 'Gate', hours: 6 },
    });
    const { url } = (await made.json()) as NewLinkAnswer;
    const opened = await call(t, 'GET', new URL(url).pathname + new URL(url).search, {
      origin: null,
      headers: { 'x-forwarded-for': '10.42.6.2' },
    });
    const right = (opened.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(right).toMatch(/^bbq_check_in=./);

    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) {
      const guess = `bbq_check_in=${i.toString(36).padStart(43, 'x')}`;
      statuses.push((await from('10.42.6.1', guess)).status);
    }
    expect(statuses.slice(0, CHECK_IN_LIMITS.read.max)).toEqual(Array(CHECK_IN_LIMITS.read.max).fill(401));
    expect(new Set(statuses.slice(CHECK_IN_LIMITS.read.max))).toEqual(new Set([429]));
    const limited = await from('10.42.6.1', 'bbq_check_in=guess');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Writes are limited before the lookup too.
    const writes: number[] = [];
    for (let i = 0; i <= CHECK_IN_LIMITS.tick.max; i++) {
      const answer = await call(t, 'POST', ARRIVE, {
        cookie: 'bbq_check_in=guess',
        headers: { 'x-forwarded-for': '10.42.6.3' },
        body: { registrationId: '00000000-0000-4000-8000-000000000000', adults: 1, children: 0, tents: 0 },
      });
      writes.push(answer.status);
    }
    expect(writes.at(-2)).toBe(401);
    expect(writes.at(-1)).toBe(429);

    // The volunteer at another address is not held back by the guesser.
    const mine = await from('10.42.6.2', right);
    expect(mine.status).toBe(200);
    expect(((await mine.json()) as CheckInList).you).toMatchObject({ kind: 'link', label: 'Gate' });
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, insertAdmin, publishContent, sessionCookie } from '@tests/helpers/admin';
import { freshIp, validRequests } from '@tests/helpers/forms';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';
import { publishDraft } from '~/platform/content/store.server';
import { eventContent } from '~/platform/site-content/event';
import { HOLDS_PLACE } from './places.server';

// Issue 42.3: limits and the registration window are obeyed from the moment a publish commits,
// on every instance. An instance's copy of the published content follows a publish a moment
// later (the publishing instance renders its pages, then tells the others); the decision to
// admit reads the facts in its own transaction, so a registration that arrives after the
// commit is never placed on the facts before it, whichever instance takes it.

vi.setConfig({ testTimeout: 120_000 });

/** Registrations a client keeps sending after the commit is seen, before it stops. */
const AFTER_COMMIT = 30;
const WORKERS = 4;

interface Sent {
  email: string;
  /** Sent once the test had seen the publish committed in the database. */
  afterCommit: boolean;
  status: number;
}

let seq = 0;

/** One registration of two adults in a tent, as JSON or as the page's form posted without scripts. */
async function register(app: TestApp, email: string, asPage: boolean): Promise<number> {
  const { body } = validRequests.registration;
  const group = { camping: 'tent', dietaryNeeds: '', healthConsent: false, adults: 2, children: 0 };
  if (!asPage) {
    const response = await call(app, 'POST', validRequests.registration.url, {
      headers: { 'x-forwarded-for': freshIp() },
      body: { ...body, ...group, email },
    });
    await response.body?.cancel();
    return response.status;
  }
  const form = new URLSearchParams({
    firstName: body.firstName,
    lastName: body.lastName,
    email,
    phone: body.phone,
    participationType: 'music',
    camping: 'tent',
    adults: '2',
    children: '0',
    agreedToRules: 'on',
    dataConsent: 'on',
  });
  const response = await fetch(`${app.url}/registracija?lang=en`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': freshIp() },
    body: form.toString(),
    redirect: 'manual',
  });
  await response.body?.cancel();
  return response.status;
}

/**
 * A client sending registrations continuously (several at a time, alternately as JSON and
 * as the page's form, to `targets` in turn) while `publish` runs, and a watcher that reads
 * the event facts' published version until the publish has committed. Stops once
 * {@link AFTER_COMMIT} registrations were sent after the commit was seen.
 */
async function acrossPublish(
  db: TestApp['db'],
  targets: TestApp[],
  /** Registrations answered before publishing (they fill places under the old facts). */
  before: number,
  publish: () => Promise<unknown>,
): Promise<Sent[]> {
  const version = async () =>
    (
      await db
        .selectFrom('content_documents')
        .select('published_version')
        .where('type', '=', 'event')
        .executeTakeFirstOrThrow()
    ).published_version;
  const start = await version();
  const sent: Sent[] = [];
  let committed = false;
  let release!: () => void;
  const started = new Promise<void>((resolve) => (release = resolve));
  let failed = false;
  // Stops also when the publish failed, or (a bound) the commit was never seen.
  const done = () => failed || sent.length > 2000 || sent.filter((s) => s.afterCommit).length >= AFTER_COMMIT;
  const worker = async (w: number) => {
    for (let i = 0; !done(); i++) {
      const afterCommit = committed;
      const email = `flood-${++seq}@example.com`;
      const status = await register(targets[(w + i) % targets.length]!, email, (w + i) % 2 === 1);
      sent.push({ email, afterCommit, status });
      if (sent.length >= before) release();
    }
  };
  const watch = async () => {
    await started;
    while (!committed && !done()) {
      committed = (await version()) > start;
      // The embedded database answers without I/O: let the server's requests in between.
      await new Promise(setImmediate);
    }
  };
  const publishing = started.then(publish).catch((error: unknown) => {
    failed = true;
    throw error;
  });
  await Promise.all([...Array.from({ length: WORKERS }, (_, w) => worker(w)), watch(), publishing]);
  return sent;
}

/** The rows of `sent`'s registrations that hold a place. */
async function placed(db: TestApp['db'], sent: Sent[]) {
  if (sent.length === 0) return [];
  return db
    .selectFrom('registrations')
    .select(['email', 'adults', 'children'])
    .where(
      'email',
      'in',
      sent.map((s) => s.email),
    )
    .where('status', 'in', HOLDS_PLACE)
    .execute();
}

const OPEN = { registration: { opens: '', closes: '' } };
const ROOMY = { places: { pitches: null, people: 1000, offerHours: 24 } };
/** The test clock is 2026-07-01 12:00 UTC (13:00 in the UK): closed an hour before. */
const CLOSED = { registration: { opens: '', closes: '2026-07-01T12:00' } };

/**
 * Commits a publish of the event facts as another instance would, without telling this one:
 * its copy in memory stays as it was (as when a notification is lost, or before it arrives).
 */
async function commitUnannounced(t: TestApp, cookie: string, change: Record<string, unknown>) {
  const doc = (await (await call(t, 'GET', '/api/admin/content/event', { cookie })).json()) as {
    draft: Record<string, unknown>;
    draftVersion: number;
  };
  const saved = await call(t, 'PUT', '/api/admin/content/event/draft', {
    cookie,
    body: { data: { ...doc.draft, ...change }, baseVersion: doc.draftVersion },
  });
  const { draftVersion } = (await saved.json()) as { draftVersion: number };
  await publishDraft(t.db, eventContent, draftVersion, { id: null, label: 'another instance' });
}

describe.each(TEST_DATABASE_KINDS)('a publish this instance has not heard of yet (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { TRUST_PROXY: 'true' });
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'facts-one@example.com' });
    cookie = await sessionCookie(t, admin.id);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await publishContent(t, cookie, 'event', { ...OPEN, ...ROOMY });
    await t.db.deleteFrom('registrations').execute();
  });

  it('a lower people limit committed: no registration after the commit gets a place', async () => {
    const sent = await acrossPublish(t.db, [t], 12, () =>
      commitUnannounced(t, cookie, { places: { pitches: null, people: 10, offerHours: 24 } }),
    );
    const after = sent.filter((s) => s.afterCommit);
    expect(after.length).toBeGreaterThanOrEqual(AFTER_COMMIT);
    // 24 people had places before: every later one waits.
    expect(await placed(t.db, after)).toEqual([]);
    expect(after.every((s) => s.status === 201 || s.status === 303)).toBe(true);
  });

  it('registration closed early: nothing is stored after the commit', async () => {
    const sent = await acrossPublish(t.db, [t], 4, () => commitUnannounced(t, cookie, CLOSED));
    const after = sent.filter((s) => s.afterCommit);
    expect(after.map((s) => s.status)).toEqual(after.map(() => 409));
    const stored = await t.db
      .selectFrom('registrations')
      .select('email')
      .where(
        'email',
        'in',
        after.map((s) => s.email),
      )
      .execute();
    expect(stored).toEqual([]);
  });

  // The other ways a group comes to hold a place: a correction from the private link that
  // grows it, and a freed place offered to the next in line.
  const MANAGE_LINK = /\/mano-duomenys\?link=([A-Za-z0-9_-]{43})/;
  const statusOf = async (email: string) =>
    (
      await t.db
        .selectFrom('registrations')
        .select('status')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).status;

  it('a correction from the private link that grows the group obeys the lower limit committed', async () => {
    for (const email of ['grow@example.com', 'stay@example.com'])
      expect(await register(t, email, false)).toBe(201);
    await commitUnannounced(t, cookie, { places: { pitches: null, people: 4, offerHours: 24 } });
    const receipt = await t.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', 'grow@example.com')
      .where('template', '=', 'registration.confirmation')
      .executeTakeFirstOrThrow();
    const link = MANAGE_LINK.exec(receipt.text_body)![1];
    const { body } = validRequests.registration;
    const refused = await call(t, 'PATCH', `/api/my-data?link=${link}`, {
      body: {
        firstName: body.firstName,
        lastName: body.lastName,
        phone: body.phone,
        participationType: ['music'],
        camping: 'tent',
        adults: 3,
        children: 0,
        dietaryNeeds: '',
        accessibilityNeeds: '',
        healthConsent: false,
        notes: '',
      },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      fields: [{ field: 'adults', message: 'registration:places.changeTooBig' }],
    });
    const row = await t.db
      .selectFrom('registrations')
      .select('adults')
      .where('email', '=', 'grow@example.com')
      .executeTakeFirstOrThrow();
    expect(row.adults).toBe(2);
  });

  it('a place freed is offered only under the lower limit committed', async () => {
    await publishContent(t, cookie, 'event', { places: { pitches: null, people: 4, offerHours: 24 } });
    for (const email of ['first@example.com', 'leaving@example.com', 'next@example.com'])
      expect(await register(t, email, false)).toBe(201);
    expect(await statusOf('next@example.com')).toBe('waiting');
    await commitUnannounced(t, cookie, { places: { pitches: null, people: 2, offerHours: 24 } });
    const { id } = await t.db
      .selectFrom('registrations')
      .select('id')
      .where('email', '=', 'leaving@example.com')
      .executeTakeFirstOrThrow();
    const cancelled = await call(t, 'POST', '/api/admin/registrations/cancel', { cookie, body: { id } });
    expect(cancelled.status).toBe(200);
    // Two people hold places: the limit now. The next in line still waits.
    expect(await statusOf('next@example.com')).toBe('waiting');
  });
});

describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('two instances on one PostgreSQL database', () => {
  let a: TestApp;
  let b: TestApp;
  let cookie: string;

  beforeAll(async () => {
    // The publishing instance renders every page before it answers (and before, as before
    // this fix, it told the other): the other's copy is behind for that long.
    a = await startTestApp('postgres', { TRUST_PROXY: 'true' }, { renderPagesAtStart: true });
    b = await startTestApp('postgres', { TRUST_PROXY: 'true' }, { database: a.database });
    const admin = await insertAdmin(a.db, 'scrypt$17$8$1$x$y', { email: 'facts-two@example.com' });
    cookie = await sessionCookie(a, admin.id);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });
  beforeEach(async () => {
    await publishContent(a, cookie, 'event', { ...OPEN, ...ROOMY });
    await a.db.deleteFrom('registrations').execute();
  });

  it('a lower limit published on one: registrations sent to both after the commit are never placed above it', async () => {
    const sent = await acrossPublish(a.db, [b, a, b], 12, () =>
      publishContent(a, cookie, 'event', { places: { pitches: null, people: 10, offerHours: 24 } }),
    );
    const after = sent.filter((s) => s.afterCommit);
    expect(after.length).toBeGreaterThanOrEqual(AFTER_COMMIT);
    expect(await placed(a.db, after)).toEqual([]);
    // Everything before it was placed under the old limit of 1,000.
    const before = sent.filter((s) => !s.afterCommit);
    expect((await placed(a.db, before)).length).toBeGreaterThanOrEqual(12);
  });

  it('registration closed early on one: neither instance stores a registration after the commit', async () => {
    const sent = await acrossPublish(a.db, [b, a, b], 4, () => publishContent(a, cookie, 'event', CLOSED));
    const after = sent.filter((s) => s.afterCommit);
    expect(after.map((s) => s.status)).toEqual(after.map(() => 409));
    expect(await placed(a.db, after)).toEqual([]);
  });
});

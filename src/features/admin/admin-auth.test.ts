import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '~/platform/db/client.server';
import { hashPassword, verifyPassword } from '~/platform/auth/passwords.server';
import { hashSessionId, SESSION_IDLE_MS } from '~/platform/auth/sessions.server';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { startChildServer } from '@tests/helpers/child-server';
import { DEFAULT_TEST_DATABASE } from '@tests/helpers/test-database';
import { call, insertAdmin, SETUP_TOKEN } from '@tests/helpers/admin';
import { delaySeconds, THROTTLE } from './login.server';

const PASSWORD = 'šaltas-vanduo-ežere-42';
const setupBody = (over: Record<string, string> = {}) => ({
  token: SETUP_TOKEN,
  firstName: 'Rūta',
  email: 'Ruta@Example.com',
  password: PASSWORD,
  ...over,
});
const cookiesOf = (response: Response) => response.headers.getSetCookie();
// One real hash of PASSWORD (production's cost) for the admins the tests insert: each sign-in
// still verifies it with scrypt at N = 2^17, but the tests don't pay a new hash for each admin.
let hashed: Promise<string> | undefined;
const storedHash = () => (hashed ??= hashPassword(PASSWORD));

describe('password hashing', () => {
  it('uses scrypt with N = 2^17, r = 8, p = 1 and a random salt', async () => {
    const [a, b] = await Promise.all([hashPassword(PASSWORD), hashPassword(PASSWORD)]);
    expect(a).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(PASSWORD, a)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}x`, a)).toBe(false);
    expect(await verifyPassword(PASSWORD, 'not-a-hash')).toBe(false);
  });
});

describe.each(DEFAULT_TEST_DATABASE)('admin setup and sign-in (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // TRUST_PROXY lets each test sign in "from" its own IP (x-forwarded-for), so the
    // per-IP rate limit is tested on its own.
    t = await startTestApp(kind, { ADMIN_SETUP_TOKEN: SETUP_TOKEN, TRUST_PROXY: 'true' });
  });
  afterAll(() => t?.close());
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('setup needs the token, works once, and then answers 403', async () => {
    expect(await (await call(t, 'GET', '/api/admin/setup')).json()).toEqual({ setupNeeded: true });

    const noToken = await call(t, 'POST', '/api/admin/setup', {
      body: setupBody({ token: 'wrong-token-wrong-token' }),
      headers: from('10.0.0.1'),
    });
    expect(noToken.status).toBe(403);
    const shortPassword = await call(t, 'POST', '/api/admin/setup', {
      body: setupBody({ password: 'short' }),
      headers: from('10.0.0.1'),
    });
    expect(shortPassword.status).toBe(400);
    expect(await t.db.selectFrom('admin_users').select('id').execute()).toHaveLength(0);

    const created = await call(t, 'POST', '/api/admin/setup', {
      body: setupBody(),
      headers: from('10.0.0.1'),
    });
    expect(created.status).toBe(201);
    const admin = await t.db.selectFrom('admin_users').selectAll().executeTakeFirstOrThrow();
    // The admin who sets the site up is its owner (issue 28, finding 7).
    expect(admin).toMatchObject({
      email: 'ruta@example.com',
      first_name: 'Rūta',
      is_active: true,
      role: 'owner',
    });
    expect(admin.password_hash).toMatch(/^scrypt\$17\$/);
    expect(admin.password_hash).not.toContain(PASSWORD);
    expect(cookiesOf(created)).toEqual([]); // setup does not sign in; the admin signs in next

    const again = await call(t, 'POST', '/api/admin/setup', {
      body: setupBody({ email: 'other@example.com' }),
      headers: from('10.0.0.1'),
    });
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ error: 'setup_done' });
    expect(await (await call(t, 'GET', '/api/admin/setup')).json()).toEqual({ setupNeeded: false });
    expect(await t.db.selectFrom('admin_users').select('id').execute()).toHaveLength(1);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'admin.setup')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('signs in with the right password and sets a hardened session cookie', async () => {
    const response = await call(t, 'POST', '/api/admin/login', {
      body: { email: 'ruta@example.com', password: PASSWORD },
      headers: from('10.0.1.1'),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ admin: { email: 'ruta@example.com', firstName: 'Rūta' } });
    const [cookie] = cookiesOf(response);
    expect(cookie).toMatch(/^bbq_admin=[\w-]{43};/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/; Secure/i); // plain http in this test
    const id = cookie!.split(';')[0]!.split('=')[1]!;
    // Only the sha256 of the id is stored.
    const stored = await t.db
      .selectFrom('sessions')
      .selectAll()
      .where('id_hash', '=', hashSessionId(id))
      .execute();
    expect(stored).toHaveLength(1);
    expect(
      await t.db.selectFrom('sessions').select('id_hash').where('id_hash', '=', id).execute(),
    ).toHaveLength(0);
    const expires = new Date(stored[0]!.expires_at).getTime() - new Date(stored[0]!.created_at).getTime();
    expect(expires).toBe(12 * 60 * 60 * 1000);

    const me = await call(t, 'GET', '/api/admin/me', { cookie: cookie!.split(';')[0] });
    expect(me.status).toBe(200);
  });

  it('gives a new session id at every sign-in and ends the old one', async () => {
    const first = await call(t, 'POST', '/api/admin/login', {
      body: { email: 'ruta@example.com', password: PASSWORD },
      headers: from('10.0.2.1'),
    });
    const firstCookie = cookiesOf(first)[0]!.split(';')[0]!;
    const second = await call(t, 'POST', '/api/admin/login', {
      body: { email: 'ruta@example.com', password: PASSWORD },
      cookie: firstCookie,
      headers: from('10.0.2.1'),
    });
    const secondCookie = cookiesOf(second)[0]!.split(';')[0]!;
    expect(secondCookie).not.toBe(firstCookie);
    expect((await call(t, 'GET', '/api/admin/me', { cookie: firstCookie })).status).toBe(401);
    expect((await call(t, 'GET', '/api/admin/me', { cookie: secondCookie })).status).toBe(200);
  });

  it('refuses a wrong password and an unknown user with the same answer', async () => {
    const wrong = await call(t, 'POST', '/api/admin/login', {
      body: { email: 'ruta@example.com', password: 'wrong-password-here' },
      headers: from('10.0.3.1'),
    });
    const unknown = await call(t, 'POST', '/api/admin/login', {
      body: { email: 'nobody@example.com', password: PASSWORD },
      headers: from('10.0.3.1'),
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
    expect(cookiesOf(wrong)).toEqual([]);
    const missing = await call(t, 'POST', '/api/admin/login', {
      body: { email: '', password: '' },
      headers: from('10.0.3.1'),
    });
    expect(missing.status).toBe(400);
    // A successful sign-in clears the failure count of this e-mail from this address.
    await call(t, 'POST', '/api/admin/login', {
      body: { email: 'ruta@example.com', password: PASSWORD },
      headers: from('10.0.3.1'),
    });
    const row = await t.db
      .selectFrom('sign_in_throttle')
      .select('failures')
      .where('key', '=', 'pair:ruta@example.com 10.0.3.1')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  // Issue 28, finding 7: a deactivated admin's right password answered 403 and a wrong one
  // 401, so the answer told whether a password was right. Now both are the same failure.
  it('answers a deactivated admin’s right password exactly as a wrong one, and counts it', async () => {
    await insertAdmin(t.db, await storedHash(), { email: 'former@example.com', active: false });
    const attempt = (password: string, ip: string) =>
      call(t, 'POST', '/api/admin/login', {
        body: { email: 'former@example.com', password },
        headers: from(ip),
      });
    const right = await attempt(PASSWORD, '10.0.4.1');
    const wrong = await attempt('not-the-password-at-all', '10.0.4.2');
    expect(right.status).toBe(401);
    expect(right.status).toBe(wrong.status);
    expect(await right.text()).toBe(await wrong.text());
    expect(cookiesOf(right)).toEqual([]);
    expect(right.headers.get('content-type')).toBe(wrong.headers.get('content-type'));
    // Counted like any failure: the pair and the address each have one.
    const counts = await t.db
      .selectFrom('sign_in_throttle')
      .select(['key', 'failures'])
      .where('key', 'in', ['pair:former@example.com 10.0.4.1', 'ip:10.0.4.1'])
      .orderBy('key')
      .execute();
    expect(counts).toEqual([
      { key: 'ip:10.0.4.1', failures: 1 },
      { key: 'pair:former@example.com 10.0.4.1', failures: 1 },
    ]);
    // …and delayed like one: after the free tries, the right password waits too.
    for (let i = 0; i < 2; i++) expect((await attempt(PASSWORD, '10.0.4.1')).status).toBe(401);
    expect((await attempt(PASSWORD, '10.0.4.1')).status).toBe(429);

    // How long each takes (one scrypt check either way): bench/timings/admin-auth.timing.ts.
  });

  it('e-mails a deactivated admin’s failures like anyone’s (the notice counts them)', async () => {
    const former = await insertAdmin(t.db, await storedHash(), {
      email: 'former-notice@example.com',
      active: false,
    });
    for (let i = 0; i < 5; i++) {
      const response = await call(t, 'POST', '/api/admin/login', {
        body: { email: 'former-notice@example.com', password: i % 2 ? PASSWORD : `wrong-guess-${i}-xx` },
        headers: from(`10.0.6.${i + 1}`),
      });
      expect(response.status).toBe(401);
    }
    expect(
      await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'admin.sign_in_failures')
        .where('entity_id', '=', former.id)
        .execute(),
    ).toHaveLength(1);
    expect(
      await t.db
        .selectFrom('mail_outbox')
        .select('text_body')
        .where('template', '=', 'admin.sign-in-failures')
        .where('to_address', '=', 'former-notice@example.com')
        .execute(),
    ).toEqual([{ text_body: expect.stringContaining('5') }]);
  });

  // Issue 19, finding 3: five wrong passwords from anywhere used to lock the account for
  // everyone (the owner too), and a known e-mail answered 429 'account_locked' where an
  // unknown one answered 401. Now only the address (and the e-mail+address pair) waits.
  it('delays the guessing address only: the right password from another address works', async () => {
    await insertAdmin(t.db, await storedHash(), { email: 'target@example.com' });
    const guess = (email: string, ip: string, password = 'guess-wrong-password') =>
      call(t, 'POST', '/api/admin/login', { body: { email, password }, headers: from(ip) });

    // Three wrong passwords, then at once the right one: the same answers for a known and
    // an unknown e-mail (no account oracle), and the guessing address now has to wait.
    const tries = async (email: string, ip: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await guess(email, ip)).status);
      return { statuses, delayed: await guess(email, ip, PASSWORD) };
    };
    const known = await tries('target@example.com', '10.1.0.1');
    const unknown = await tries('nobody-here@example.com', '10.1.0.2');
    expect(known.statuses).toEqual([401, 401, 401]);
    expect(unknown.statuses).toEqual(known.statuses);
    const knownDelayed = known.delayed;
    expect(knownDelayed.status).toBe(429);
    expect(unknown.delayed.status).toBe(429);
    const knownBody = (await knownDelayed.json()) as Record<string, unknown>;
    expect(knownBody).toMatchObject({ error: 'sign_in_delayed', message: 'common:apiErrors.rateLimited' });
    expect(await unknown.delayed.json()).toEqual(knownBody);
    expect(Number(knownDelayed.headers.get('retry-after'))).toBe(1);
    expect(cookiesOf(knownDelayed)).toEqual([]);

    // The owner, from another address, signs in at once with the right password.
    const owner = await guess('target@example.com', '10.1.0.9', PASSWORD);
    expect(owner.status).toBe(200);
    expect(cookiesOf(owner)).toHaveLength(1);

    // When the delay has run out, the right password works from the first address too.
    await t.db
      .updateTable('sign_in_throttle')
      .set({ blocked_until: new Date(Date.now() - 1000) })
      .execute();
    expect((await guess('target@example.com', '10.1.0.1', PASSWORD)).status).toBe(200);
    // …and that success cleared the pair's count.
    const pair = await t.db
      .selectFrom('sign_in_throttle')
      .select('key')
      .where('key', '=', 'pair:target@example.com 10.1.0.1')
      .executeTakeFirst();
    expect(pair).toBeUndefined();
  });

  it('answers a known and an unknown e-mail alike (how long each takes: bench/timings/admin-auth.timing.ts)', async () => {
    await insertAdmin(t.db, await storedHash(), { email: 'timing@example.com' });
    const signIn = (email: string, ip: string) =>
      call(t, 'POST', '/api/admin/login', {
        body: { email, password: 'wrong-password-timing' },
        headers: from(ip),
      });
    const known = await signIn('timing@example.com', '10.1.2.1');
    const unknown = await signIn('no-timing@example.com', '10.1.2.21');
    expect(known.status).toBe(401);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.text()).toBe(await known.text());
    expect(unknown.headers.get('content-type')).toBe(known.headers.get('content-type'));
    expect(cookiesOf(known)).toEqual([]);
    expect(cookiesOf(unknown)).toEqual([]);
    // Both count as one failure of their pair: a known e-mail is no different.
    const pairs = await t.db
      .selectFrom('sign_in_throttle')
      .select(['key', 'failures'])
      .where('key', 'in', ['pair:timing@example.com 10.1.2.1', 'pair:no-timing@example.com 10.1.2.21'])
      .orderBy('key')
      .execute();
    expect(pairs).toEqual([
      { key: 'pair:no-timing@example.com 10.1.2.21', failures: 1 },
      { key: 'pair:timing@example.com 10.1.2.1', failures: 1 },
    ]);
  });

  it('grows the delay with each failure, and slows one address across many e-mails', async () => {
    expect([1, 2, 3, 4, 5, 6, 12, 30].map((n) => delaySeconds(n, THROTTLE.pair))).toEqual([
      0, 0, 1, 2, 4, 8, 512, 900,
    ]);
    expect(delaySeconds(9, THROTTLE.ip)).toBe(0);
    expect(delaySeconds(10, THROTTLE.ip)).toBe(1);
    expect(delaySeconds(100, THROTTLE.ip)).toBe(3600);
    // Ten different e-mails from one address: the eleventh try from it waits, whatever the e-mail.
    for (let i = 0; i < 10; i++) {
      const response = await call(t, 'POST', '/api/admin/login', {
        body: { email: `spray-${i}@example.com`, password: 'wrong-password-spray' },
        headers: from('10.1.3.1'),
      });
      expect(response.status).toBe(401);
    }
    const next = await call(t, 'POST', '/api/admin/login', {
      body: { email: 'spray-new@example.com', password: 'wrong-password-spray' },
      headers: from('10.1.3.1'),
    });
    expect(next.status).toBe(429);
  });

  it('tells the owner (e-mail and audit log) after repeated failures, once an hour', async () => {
    const admin = await insertAdmin(t.db, await storedHash(), { email: 'owner@example.com' });
    for (let i = 0; i < 7; i++) {
      await call(t, 'POST', '/api/admin/login', {
        body: { email: 'owner@example.com', password: `wrong-guess-${i}-xx` },
        headers: from(`10.1.4.${i + 1}`), // spread over addresses: no single one is delayed
      });
    }
    const notices = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('template', '=', 'admin.sign-in-failures')
      .where('to_address', '=', 'owner@example.com') // other tests' accounts get theirs
      .execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]!.to_address).toBe('owner@example.com');
    expect(notices[0]!.text_body).toContain('5');
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'admin.sign_in_failures')
      .where('entity_id', '=', admin.id)
      .execute();
    expect(audit).toHaveLength(1);
    // An unknown e-mail gets no notice (there is nobody to tell) and the same answers.
    for (let i = 0; i < 6; i++) {
      await call(t, 'POST', '/api/admin/login', {
        body: { email: 'ghost@example.com', password: `wrong-guess-${i}-xx` },
        headers: from(`10.1.5.${i + 1}`),
      });
    }
    expect(
      await t.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', 'ghost@example.com')
        .execute(),
    ).toHaveLength(0);
  });

  it('rate-limits sign-in attempts per IP with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await call(t, 'POST', '/api/admin/login', {
        body: { email: '', password: '' },
        headers: from('10.2.0.1'),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another IP is not affected.
    expect(
      (
        await call(t, 'POST', '/api/admin/login', {
          body: { email: '', password: '' },
          headers: from('10.2.0.2'),
        })
      ).status,
    ).toBe(400);
  });

  it('sign-out deletes the session', async () => {
    const login = await call(t, 'POST', '/api/admin/login', {
      body: { email: 'ruta@example.com', password: PASSWORD },
      headers: from('10.0.5.1'),
    });
    const cookie = cookiesOf(login)[0]!.split(';')[0]!;
    const id = cookie.split('=')[1]!;
    const logout = await call(t, 'POST', '/api/admin/logout', { cookie });
    expect(logout.status).toBe(204);
    expect(cookiesOf(logout)[0]).toMatch(/^bbq_admin=;.*Expires=Thu, 01 Jan 1970/);
    expect(
      await t.db.selectFrom('sessions').select('id_hash').where('id_hash', '=', hashSessionId(id)).execute(),
    ).toHaveLength(0);
    expect((await call(t, 'GET', '/api/admin/me', { cookie })).status).toBe(401);
  });

  it('ends a session after an hour without use', async () => {
    const login = await call(t, 'POST', '/api/admin/login', {
      body: { email: 'ruta@example.com', password: PASSWORD },
      headers: from('10.0.6.1'),
    });
    const cookie = cookiesOf(login)[0]!.split(';')[0]!;
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - SESSION_IDLE_MS - 1000) })
      .where('id_hash', '=', hashSessionId(cookie.split('=')[1]!))
      .execute();
    expect((await call(t, 'GET', '/api/admin/me', { cookie })).status).toBe(401);
  });

  it('refuses cross-site writes (CSRF): foreign or missing Origin → 403, nothing changes', async () => {
    const login = await call(t, 'POST', '/api/admin/login', {
      body: { email: 'ruta@example.com', password: PASSWORD },
      headers: from('10.0.7.1'),
    });
    const cookie = cookiesOf(login)[0]!.split(';')[0]!;
    const body = {
      communityName: 'Velso lietuviai',
      membershipType: 'Metinė',
      paymentAmount: '20',
      status: 'new',
    };
    const evil = await call(t, 'POST', '/api/admin/memberships', {
      cookie,
      body,
      origin: 'https://evil.example',
    });
    const none = await call(t, 'POST', '/api/admin/memberships', { cookie, body, origin: null });
    expect(evil.status).toBe(403);
    expect(none.status).toBe(403);
    expect(await t.db.selectFrom('community_memberships').select('id').execute()).toHaveLength(0);
    const crossSiteLogin = await call(t, 'POST', '/api/admin/login', {
      body: { email: 'ruta@example.com', password: PASSWORD },
      origin: 'https://evil.example',
      headers: from('10.0.7.2'),
    });
    expect(crossSiteLogin.status).toBe(403);
    const ok = await call(t, 'POST', '/api/admin/memberships', { cookie, body });
    expect(ok.status).toBe(201);
  });
});

describe('session cookie under an https PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { ADMIN_SETUP_TOKEN: SETUP_TOKEN, PUBLIC_URL: 'https://bbq.example' });
  });
  afterAll(() => t?.close());

  it('is Secure with the __Host- prefix', async () => {
    await insertAdmin(t.db, await storedHash(), { email: 'secure@example.com' });
    const response = await call(t, 'POST', '/api/admin/login', {
      body: { email: 'secure@example.com', password: PASSWORD },
      origin: 'https://bbq.example',
    });
    expect(response.status).toBe(200);
    const [cookie] = cookiesOf(response);
    expect(cookie).toMatch(/^__Host-bbq_admin=[\w-]{43};/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    const me = await call(t, 'GET', '/api/admin/me', { cookie: cookie!.split(';')[0] });
    expect(me.status).toBe(200);
  });
});

describe('npm run admin:create', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bbq-admin-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates an admin in the configured database, refuses a duplicate and a short password', async () => {
    const run = (args: string[], password: string) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/app/create-admin.server.ts', ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD: password },
      });
    const { stdout } = await run(['--email', 'Cli@Example.com', '--name', 'Aušra'], PASSWORD);
    expect(stdout).toContain('cli@example.com created');
    await expect(run(['--email', 'cli@example.com', '--name', 'Aušra'], PASSWORD)).rejects.toMatchObject({
      stderr: expect.stringContaining('already exists'),
    });
    await expect(run(['--email', 'new@example.com', '--name', 'Aušra'], 'short')).rejects.toMatchObject({
      stderr: expect.stringContaining('12'),
    });

    const database = await openDatabase({ dataDir });
    try {
      const admins = await database.db.selectFrom('admin_users').selectAll().execute();
      expect(admins).toHaveLength(1);
      expect(admins[0]).toMatchObject({
        email: 'cli@example.com',
        first_name: 'Aušra',
        is_active: true,
        role: 'owner',
      });
      expect(await verifyPassword(PASSWORD, admins[0]!.password_hash)).toBe(true);
    } finally {
      await database.close();
    }
  }, 90_000);
});

describe('the one-time setup token of a real server', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bbq-admin-token-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_SETUP_TOKEN: '',
    SMTP_URL: '',
    BUILD_DIR: 'no-build',
  };

  it('is printed to the log while no admin exists, works once, and is not printed afterwards', async () => {
    const first = await startChildServer(env);
    try {
      const token = /one-time setup token: ([\w-]{32})/.exec(first.output())?.[1];
      expect(token, first.output()).toBeDefined();
      const post = (body: unknown) =>
        fetch(`${first.url}/api/admin/setup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: first.url },
          body: JSON.stringify(body),
        });
      const body = { token, firstName: 'Rūta', email: 'ruta@example.com', password: PASSWORD };
      expect((await post({ ...body, token: 'x'.repeat(32) })).status).toBe(403);
      expect((await post(body)).status).toBe(201);
      expect((await post({ ...body, email: 'second@example.com' })).status).toBe(403);
      expect(first.output()).not.toContain(PASSWORD);
    } finally {
      first.process.kill('SIGTERM');
      await first.exited;
    }

    const second = await startChildServer(env);
    try {
      expect(second.output()).not.toContain('setup token');
    } finally {
      second.process.kill('SIGTERM');
      await second.exited;
    }
  }, 120_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertAdmin, insertContact, insertRegistration, sessionCookie } from '@tests/helpers/admin';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';

// Issue 45 (decision 0052): the dashboard is rendered by the server for each request, its
// loader reading through the admin's router context. Here at the HTTP level: the redirects a
// missing or inactive session gets, the lists in the HTML, the `.data` answer of client-side
// navigation, what is never cached, and addresses that are not a query (never a 500).

describe('the dashboard on its loader', () => {
  let t: TestApp;
  let cookie: string;
  let inactive: string;

  beforeAll(async () => {
    t = await startTestApp();
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { firstName: 'Aistė' });
    cookie = await sessionCookie(t, admin.id);
    const gone = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { active: false });
    inactive = await sessionCookie(t, gone.id);
    await insertContact(t.db, { name: 'Ona Žukauskienė' });
    await insertContact(t.db, { name: 'Petras Petraitis', status: 'resolved' });
    await insertRegistration(t.db, { first_name: 'Gintarė' });
  }, 60_000);
  afterAll(() => t?.close());

  it('sends a visitor without a session to the sign-in page, from the server', async () => {
    const response = await call(t, 'GET', '/admin');
    expect([302, 303]).toContain(response.status);
    expect(response.headers.get('location')).toBe('/admin/login');
    const stale = await call(t, 'GET', '/admin', { cookie: 'bbq_admin=no-such-session' });
    expect(stale.headers.get('location')).toBe('/admin/login');
  });

  it('sends an inactive admin to the sign-in page, which says why', async () => {
    const response = await call(t, 'GET', '/admin', { cookie: inactive });
    expect(response.headers.get('location')).toBe('/admin/login?notice=not-admin');
  });

  it('renders the signed-in admin the open list into the HTML, never cached', async () => {
    const response = await call(t, 'GET', '/admin?tab=contacts', { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toContain('Aistė');
    expect(html).toContain('Ona Žukauskienė');
    expect(html).toContain('Petras Petraitis');
    // Another admin's page is not what the next one gets: nothing kept.
    const signedOut = await call(t, 'GET', '/admin?tab=contacts');
    expect(await signedOut.text()).not.toContain('Ona Žukauskienė');
  });

  it('reads the search, the filter and the page from the address', async () => {
    const only = async (query: string) => {
      const html = await (await call(t, 'GET', `/admin?tab=contacts&${query}`, { cookie })).text();
      return ['Ona Žukauskienė', 'Petras Petraitis'].filter((name) => html.includes(name));
    };
    expect(await only('status=new')).toEqual(['Ona Žukauskienė']);
    expect(await only('status=resolved')).toEqual(['Petras Petraitis']);
    expect(await only('q=Petr')).toEqual(['Petras Petraitis']);
    expect(await only('page=2')).toEqual([]);
  });

  it('answers client-side navigation (.data) with the same reads, and redirects it without a session', async () => {
    const data = await call(t, 'GET', '/admin.data?tab=registrations', { cookie });
    expect(data.status).toBe(200);
    expect(data.headers.get('cache-control')).toBe('private, no-store');
    expect(await data.text()).toContain('Gintarė');
    const signedOut = await call(t, 'GET', '/admin.data?tab=registrations');
    // React Router's single fetch says a redirect in its own answer (status 202 + the target).
    const answer = await signedOut.text();
    expect(answer).toContain('/admin/login');
    expect(answer).not.toContain('Gintarė');
  });

  it("reads the charts' range from the address", async () => {
    const html = await (await call(t, 'GET', '/admin?from=2026-06-01&to=2026-06-07', { cookie })).text();
    expect(html).toContain('value="2026-06-01"');
    expect(html).toContain('value="2026-06-07"');
    const data = await (await call(t, 'GET', '/admin.data?from=2026-06-01&to=2026-06-07', { cookie })).text();
    expect(data).toContain('2026-06-04');
    expect(data).not.toContain('2026-06-08');
  });

  it('shows a list for any address, never an error', async () => {
    for (const query of [
      'tab=nope',
      'page=abc',
      'page=-3',
      'page=99999999999',
      'status=nope',
      'edition=99',
      'edition=%3Cscript%3E',
      `q=${'x'.repeat(500)}`,
      'tab=contacts&tab=orders',
      'from=2026-06-07&to=2026-06-01',
      'from=2020-01-01&to=2026-01-01',
      'from=nope',
      'days=0',
      'days=100000',
    ]) {
      const response = await call(t, 'GET', `/admin?${query}`, { cookie });
      expect(response.status, query).toBe(200);
    }
  });
});

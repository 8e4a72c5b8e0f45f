import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BulkPerson, seedRegistrations } from '@tests/helpers/bulk-registrations';
import { freshIp } from '@tests/helpers/forms';
import { manualScrubClock } from '@tests/helpers/scrub-clock';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { ERASURE_PACE, erasurePace } from '~/platform/privacy/erasure-pace.server';
import { PATHS } from '~/platform/paths';

/**
 * Issue 42, finding 1: self-service erasures from many addresses are paced site-wide (one at a
 * time, a small share of the server's thread; platform/privacy/erasure-pace.server.ts). One
 * more than may wait is told why in the visitor's language, with scripts (the API's 429) and
 * without (the page's post), and nothing of theirs is erased. The pace's clock is moved by hand.
 */
describe('erasures beyond the pace', () => {
  const clock = manualScrubClock();
  let t: TestApp;
  let people: BulkPerson[];

  beforeAll(async () => {
    t = await startTestApp('pglite', {}, { erasurePace: { ...ERASURE_PACE, waitingMax: 2, clock } });
    people = await seedRegistrations(t.app, t.db, 6, 6);
  });
  afterAll(async () => {
    await t.close();
  });

  const erase = (person: BulkPerson) =>
    t.app.inject({ method: 'DELETE', url: `/api/my-data?link=${person.link}`, remoteAddress: freshIp() });
  const stored = async (person: BulkPerson) =>
    (await t.db.selectFrom('registrations').select('id').where('email', '=', person.email).execute()).length;

  it('answers the first at once, keeps two in line, refuses the next with the reason, then erases those in line', async () => {
    const [first, second, third, fourth, fifth] = people as [BulkPerson, ...BulkPerson[]];
    expect((await erase(first)).statusCode).toBe(200);
    expect(await stored(first)).toBe(0);

    const inLine = [erase(second!), erase(third!)];
    const pace = erasurePace(t.database.handle);
    await vi.waitFor(() => expect(pace.waiting).toBe(2));

    const refused = await erase(fourth!);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(ERASURE_PACE.retryAfterS));
    expect(refused.json()).toMatchObject({ error: 'erasure_busy', message: 'privacy:self.errors.busy' });
    expect(await stored(fourth!)).toBe(1);

    // Without scripts: the page's post answers with the record and the reason, in its language.
    const page = await t.app.inject({
      method: 'POST',
      url: `${PATHS.myData}?link=${fifth!.link}&lang=en`,
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'intent=delete',
    });
    expect(page.statusCode).toBe(429);
    expect(page.body).toContain('Many deletions are being handled right now');
    expect(await stored(fifth!)).toBe(1);

    // Their turns come as the clock moves: each waits the least gap after the one before.
    clock.advance(ERASURE_PACE.minGapMs);
    await vi.waitFor(() => expect(pace.waiting).toBe(1));
    clock.advance(ERASURE_PACE.minGapMs);
    expect((await Promise.all(inLine)).map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await stored(second!)).toBe(0);
    expect(await stored(third!)).toBe(0);

    // The line is free again: the refused one, asked again after its gap, is erased.
    clock.advance(ERASURE_PACE.minGapMs);
    expect((await erase(fourth!)).statusCode).toBe(200);
    expect(await stored(fourth!)).toBe(0);
  });
});

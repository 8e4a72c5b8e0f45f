import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BulkPerson, seedRegistrations } from '@tests/helpers/bulk-registrations';
import { freshIp } from '@tests/helpers/forms';
import { manualScrubClock } from '@tests/helpers/scrub-clock';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { backupStream } from '~/platform/db/backup.server';
import { erasureScrubber, SCRUB_INTERVAL_MS } from '~/platform/db/scrub.server';
import { PATHS } from '~/platform/paths';

/**
 * Issue 42, finding 1: each self-service erasure scrubbed the embedded database before it was
 * answered (VACUUM FULL, WAL switch, checkpoint) on the server's one thread, so a loop of
 * "register, delete everything" from many addresses stalled every request, even pages served
 * from memory. Here a site with 2,500 registrations (made in bulk) takes a flood of erasures
 * through private links, each from its own address, while a reader asks for a page served
 * from memory: every erasure is answered and unreadable at once, none of them scrubs on its
 * request's path, and one scrub (when its time comes, at most SCRUB_INTERVAL_MS later: the
 * clock is moved by hand, the test waits for the scrub's event) takes every erased marker out
 * of every file of DATA_DIR; a backup taken before the scrub is due holds none either. How long
 * the reader waits meanwhile is measured by `npm run bench -- erasure` (docs/PERFORMANCE.md).
 */
const REGISTRATIONS = 2_500;
const FIRST_WAVE = 40;
const SECOND_WAVE = 10;
const ERASERS = 4;

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const child = path.join(directory, entry.name);
    return entry.isDirectory() ? filesUnder(child) : entry.isFile() ? [child] : [];
  });
}

/** `file: marker` for every file under `directory` holding one of the markers' bytes. */
function foundIn(directory: string, markers: readonly string[]): string[] {
  const needles = markers.map((marker) => Buffer.from(marker, 'utf8'));
  return filesUnder(directory).flatMap((file) => {
    const bytes = readFileSync(file);
    return needles
      .filter((needle) => bytes.includes(needle))
      .map((needle) => `${path.relative(directory, file)}: ${needle.toString()}`);
  });
}

describe('a flood of erasures on the embedded database with 2,500 registrations', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bbq-erasure-flood-'));
  const clock = manualScrubClock();
  let t: TestApp;
  let people: BulkPerson[];

  beforeAll(async () => {
    t = await startTestApp('pglite', {}, { dataDir, scrubClock: clock, renderPagesAtStart: true });
    people = await seedRegistrations(t.app, t.db, REGISTRATIONS, FIRST_WAVE + SECOND_WAVE);
    expect(people).toHaveLength(FIRST_WAVE + SECOND_WAVE);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Erases each person through their private link, ERASERS at a time, each from a new address. */
  async function flood(wave: BulkPerson[]): Promise<number[]> {
    const statuses: number[] = [];
    const queue = [...wave];
    await Promise.all(
      Array.from({ length: ERASERS }, async () => {
        for (let person = queue.shift(); person; person = queue.shift()) {
          const response = await t.app.inject({
            method: 'DELETE',
            url: `/api/my-data?link=${person.link}`,
            remoteAddress: freshIp(),
          });
          statuses.push(response.statusCode);
        }
      }),
    );
    return statuses;
  }

  /** Asks for a page served from memory, one request after another, until `until` settles. */
  async function read(until: Promise<unknown>): Promise<number[]> {
    let done = false;
    void until.finally(() => (done = true));
    const statuses: number[] = [];
    while (!done) {
      const response = await fetch(`${t.url}${PATHS.about}`);
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    return statuses;
  }

  const stillThere = (wave: BulkPerson[]) =>
    t.db
      .selectFrom('registrations')
      .select('email')
      .where(
        'email',
        'in',
        wave.map((person) => person.email),
      )
      .execute();

  it('answers every erasure at once, scrubs none on its path, and one scrub takes them all out of every file', async () => {
    const wave = people.slice(0, FIRST_WAVE);
    const markers = wave.flatMap((person) => person.markers);
    const scrubber = erasureScrubber(t.database.handle);
    const runsBefore = scrubber.runs;
    expect(foundIn(dataDir, markers.slice(0, 3)).length, 'on disk before').toBeGreaterThan(0);

    const erasing = flood(wave);
    const [statuses, reads] = await Promise.all([erasing, read(erasing)]);
    expect(statuses).toEqual(wave.map(() => 200));
    expect(reads.length).toBeGreaterThan(0);
    expect(new Set(reads)).toEqual(new Set([200]));
    // Unreadable at once: the rows, their e-mails and links are gone from the tables.
    expect(await stillThere(wave)).toEqual([]);
    expect(
      await t.db
        .selectFrom('mail_outbox')
        .select('id')
        .where(
          'to_address',
          'in',
          wave.map((person) => person.email),
        )
        .execute(),
    ).toEqual([]);
    // Not one scrub on the requests' path: one is armed, due within the interval.
    expect(scrubber.runs).toBe(runsBefore);
    expect(scrubber.armed).toBe(true);
    expect(clock.nextIn()).toBeLessThanOrEqual(SCRUB_INTERVAL_MS);

    const scrubbed = scrubber.nextScrub();
    clock.advance(SCRUB_INTERVAL_MS);
    const report = await scrubbed;
    expect(scrubber.runs).toBe(runsBefore + 1);
    expect(report.tables).toEqual(['mail_outbox', 'registrations', 'self_service_links']);
    expect(foundIn(dataDir, markers)).toEqual([]);
    expect(await t.db.selectFrom('scrub_pending').selectAll().execute()).toEqual([]);
  }, 180_000);

  it('erasures right after a scrub wait for the next interval; a backup meanwhile scrubs first and holds none of them', async () => {
    const wave = people.slice(FIRST_WAVE);
    const markers = wave.flatMap((person) => person.markers);
    const scrubber = erasureScrubber(t.database.handle);
    const runsBefore = scrubber.runs;
    expect(await flood(wave)).toEqual(wave.map(() => 200));
    expect(await stillThere(wave)).toEqual([]);
    // The previous scrub started a moment ago on this clock: the next is a whole interval away,
    // however many erasures arrive (a bounded rate of scrubs).
    expect(scrubber.runs).toBe(runsBefore);
    expect(clock.nextIn()).toBe(SCRUB_INTERVAL_MS);
    clock.advance(SCRUB_INTERVAL_MS - 1);
    expect(scrubber.runs).toBe(runsBefore);

    // The backup the organisers (or `npm run db:backup`) take now: the scrub runs first.
    const stream = await backupStream(t.database.handle, undefined);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const tar = gunzipSync(Buffer.concat(chunks));
    expect(scrubber.runs).toBe(runsBefore + 1);
    expect(tar.length).toBeGreaterThan(10_000_000);
    expect(markers.filter((marker) => tar.includes(Buffer.from(marker, 'utf8')))).toEqual([]);
    expect(foundIn(dataDir, markers)).toEqual([]);
    // Nothing left to scrub: the timer is not armed again.
    expect(scrubber.armed).toBe(false);
  }, 180_000);
});

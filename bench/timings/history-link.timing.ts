import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E_MAIL_ME_REQUESTS } from '@tests/helpers/e-mail-me';
import { startTestSmtp, type TestSmtp } from '@tests/helpers/smtp';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';

// Issue 28, finding 14c: 'E-mail me my orders' answered measurably later for an address with
// orders (it looked them up and queued the e-mail before answering): a timing oracle for who
// ordered. It now answers first and does that work after the answer. Issue 31: 'Send me my
// links' (the self-service links of an address) is held to the same.

const ROUNDS = 30; // 60 requests: 30 known and 30 unknown addresses, alternately
/**
 * How far apart the lower deciles of the answer times may be. Measured on the shared 2-core
 * machine (load average 14–17): before the fix 2.2–4.4 ms (PGlite 2.2–4.4, PostgreSQL 4.2),
 * after it −0.7–0.9 ms (the widest with other suites running beside it).
 */
const BOUND_MS = 1.5;
/**
 * The medians, a looser check: before the fix 10.8–16.4 ms apart with PostgreSQL and 0.6–14 ms
 * with PGlite; after it under 3 ms alone, up to 8.2 ms with other suites running beside it
 * (the e-mails of the known addresses are sent and received in this same process).
 */
const MEDIAN_BOUND_MS = 10;
/** Measures at most; one within both bounds passes. */
const ATTEMPTS = 3;

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => {
  const s = sorted(values);
  return (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2;
};
const lowerDecile = (values: number[]) => sorted(values)[Math.floor((values.length - 1) / 10)]!;

const REQUESTS = E_MAIL_ME_REQUESTS;

describe.each(TEST_DATABASE_KINDS)("'E-mail me …' timing (%s)", (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await startTestApp(kind, {
      SMTP_URL: smtp.url,
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'https://bbq.example',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /**
   * Times the requests from another process, as a visitor would: the work done after an answer
   * runs in the server's process (PGlite in it), and must not hold up a client's reading of
   * the answer it already has. Each request comes from its own address (the route allows 5 per
   * address per 15 minutes) after a pause that lets the previous request's work finish.
   */
  async function timeRequests(
    url: string,
    emails: string[],
  ): Promise<{ status: number; body: string; ms: number }[]> {
    const client = `
      const [url, emails] = JSON.parse(process.argv[1]);
      const results = [];
      for (const [i, email] of emails.entries()) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const started = performance.now();
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.28.' + (i >> 8) + '.' + (i & 255) },
          body: JSON.stringify({ email, language: 'en' }),
        });
        const body = await response.text();
        results.push({ status: response.status, body, ms: performance.now() - started });
      }
      process.stdout.write(JSON.stringify(results));
    `;
    // Not execFileSync: the server under test answers from this process's event loop.
    const { stdout: output } = await promisify(execFile)(process.execPath, [
      '--input-type=module',
      '-e',
      client,
      JSON.stringify([`${t.url}${url}`, emails]),
    ]);
    return JSON.parse(output) as { status: number; body: string; ms: number }[];
  }

  it.each(REQUESTS)(
    '$name answers known and unknown addresses alike and in the same time; the known ones get their e-mail',
    async (request) => {
      // Each known address has a record and is asked once, so each one's e-mail is due.
      const allKnown: string[] = [];
      const allUnknown: string[] = [];
      const received = smtp.messages.length;
      let asked = 0;
      let gaps = { lowerDecile: Infinity, median: Infinity };
      // Up to three measures: a file beside this one on the other worker can disturb one, while
      // the old code's extra work showed in every measure (see BOUND_MS).
      for (
        let attempt = 0;
        attempt < ATTEMPTS && !(gaps.lowerDecile < BOUND_MS && gaps.median < MEDIAN_BOUND_MS);
        attempt++
      ) {
        const known = Array.from({ length: ROUNDS }, () => `known-${randomUUID()}@example.com`);
        for (const email of known) await request.record(t.db, email);
        const unknown = Array.from({ length: ROUNDS }, () => `never-${randomUUID()}@example.com`);
        // Warm up both paths (connections, compiled queries, the app secret).
        const warm = `warm-${randomUUID()}@example.com`;
        await request.record(t.db, warm);
        const results = (
          await timeRequests(request.url, [
            `warm-${randomUUID()}@example.com`,
            warm,
            ...known.flatMap((email, i) => [email, unknown[i]!]),
          ])
        ).slice(2);
        asked += 1 + ROUNDS;
        allKnown.push(...known);
        allUnknown.push(...unknown);

        const times = { known: [] as number[], unknown: [] as number[] };
        results.forEach((result, i) => {
          expect(result.status).toBe(200);
          expect(JSON.parse(result.body)).toEqual({ ok: true });
          times[i % 2 === 0 ? 'known' : 'unknown'].push(result.ms);
        });
        const gap = (statistic: (values: number[]) => number) =>
          statistic(times.known) - statistic(times.unknown);
        console.info(
          `[${kind}] ${request.name}, measure ${attempt + 1}: median known ${median(times.known).toFixed(2)} ms, unknown ${median(times.unknown).toFixed(2)} ms; ` +
            `difference of the medians ${gap(median).toFixed(2)} ms, of the lower deciles ${gap(lowerDecile).toFixed(2)} ms`,
        );
        gaps = { lowerDecile: Math.abs(gap(lowerDecile)), median: Math.abs(gap(median)) };
      }
      // The lower decile: the answers least disturbed by the rest of a busy machine, where the
      // old code's extra work showed every time (see BOUND_MS); the medians are checked loosely.
      expect(gaps.lowerDecile).toBeLessThan(BOUND_MS);
      expect(gaps.median).toBeLessThan(MEDIAN_BOUND_MS);

      // Every known address still gets its link, and no unknown one gets anything.
      const messages = (await smtp.waitForMessages(received + asked)).slice(received);
      const recipients = messages.flatMap((mail) => [mail.to ?? []].flat().flatMap((to) => to.value));
      const addresses = recipients.map((to) => to.address);
      for (const email of allKnown) expect(addresses).toContain(email);
      for (const email of allUnknown) expect(addresses).not.toContain(email);
      const mail = messages.find((m) => JSON.stringify(m.to).includes(allKnown[0]!))!;
      expect(mail.text).toMatch(request.link);
    },
  );
});

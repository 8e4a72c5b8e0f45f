import { expect } from 'vitest';
import { call, insertAdmin, sessionCookie } from './admin';
import type { TestApp } from './test-app';

/** 20,000 characters that marked's e-mail autolink made quadratic (issue 28, finding 2 (b)). */
export const JOINED_WORDS = 'a_'.repeat(10_000);

/** Texts that overflowed the parser's stack: refused, and drawn as plain text if stored. */
export const STACK_OVERFLOWING_TEXTS = [
  '>'.repeat(5000),
  '- '.repeat(3000),
  '1. '.repeat(3000),
  `${'*'.repeat(9999)}x${'*'.repeat(9999)}`,
  `${'*a '.repeat(3000)}${' b*'.repeat(3000)}`,
  Array.from({ length: 140 }, (_, i) => `${' '.repeat(2 * i)}- x`).join('\n'),
];

interface Doc {
  draft: { years: Array<Record<string, unknown>> } & Record<string, unknown>;
  draftVersion: number;
}

/**
 * Saves six history years of JOINED_WORDS as a draft, signed in as a new editor; `publish`
 * then publishes it (timed by the bench, checked by the suite).
 */
export async function draftLongHistory(t: TestApp, email: string) {
  const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email });
  const cookie = await sessionCookie(t, admin.id);
  const doc = (await (await call(t, 'GET', '/api/admin/content/page.history', { cookie })).json()) as Doc;
  const first = doc.draft.years[0]!;
  const years = Array.from({ length: 6 }, (_, i) => ({
    ...first,
    year: String(2030 + i),
    description: { lt: JOINED_WORDS, en: JOINED_WORDS },
  }));
  const saved = await call(t, 'PUT', '/api/admin/content/page.history/draft', {
    cookie,
    body: { data: { ...doc.draft, years }, baseVersion: doc.draftVersion },
  });
  expect(saved.status).toBe(200);
  const { draftVersion } = (await saved.json()) as { draftVersion: number };
  return {
    publish: () =>
      call(t, 'POST', '/api/admin/content/page.history/publish', {
        cookie,
        body: { baseVersion: draftVersion },
      }),
  };
}

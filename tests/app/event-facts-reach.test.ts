import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { validRequests } from '@tests/helpers/forms';
import { CONTENT_TYPES } from '~/app/content-types';
import { eventIcs } from '~/features/calendar/ics.server';
import { registrationMails } from '~/features/registration/mail.server';
import { registrationRequestSchema } from '~/features/registration/schema';
import type { SiteContent } from '~/platform/content/content-type';
import { kindOf, objectFields } from '~/features/content-admin/editor/schema';
import { initialContent } from '~/platform/content/initial.server';
import { PATHS, VISITOR_PAGES } from '~/platform/paths';
import { isLocalizedText } from '~/platform/content/text-tree';
import { loadRenderer, type Renderer } from '~/platform/render/renderer.server';
import { eventContent, type EventFacts } from '~/platform/site-content/event';

// Issue 31: the event's hours were saved and published but shown nowhere. Every field of the
// event facts, read off the content type (so the next one added is checked too), must change
// a page, the confirmation e-mail or the calendar file when it changes. Pages are rendered by
// the server build (`npm run build`) from the first content, as at a first start.

/** Every leaf of the event facts: its path and kind. */
function leaves(schema: z.ZodType, at: string[] = []): Array<{ path: string[]; kind: string }> {
  return objectFields(schema).flatMap(([key, field]) =>
    kindOf(field) === 'group' ? leaves(field, [...at, key]) : [{ path: [...at, key], kind: kindOf(field) }],
  );
}

/** A value of the same kind that reads differently. */
function changed(kind: string, value: unknown): unknown {
  switch (kind) {
    case 'localized': {
      const text = value as { lt: string; en: string };
      return { lt: `${text.lt} Ąžuolas`, en: `${text.en} Oak` };
    }
    case 'number':
      return (value as number) + 1;
    case 'money':
      return (value as number) + 137;
    case 'dateTime':
      // Before the weekend, after the moment rendered for: a window that opens or closes then.
      return value === '' ? '2026-07-20T09:17' : `${(value as string).slice(0, 11)}09:17`;
    case 'time':
      return '06:17';
    case 'url':
      return 'https://changed.example/';
    case 'text':
      return `${value as string} Changed`;
    default:
      throw new Error(`No changed value for a field of kind ${kind}: add one here`);
  }
}

function withField(facts: EventFacts, fieldPath: string[], value: unknown): EventFacts {
  const copy = structuredClone(facts) as unknown as Record<string, unknown>;
  let node = copy;
  for (const key of fieldPath.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[fieldPath.at(-1)!] = value;
  return copy as unknown as EventFacts;
}

/**
 * A page as visitors and crawlers read it: without its scripts, which carry every fact as the
 * router's data whether the page shows it or not; the structured data for search engines stays.
 */
const shown = (html: string) =>
  html.replace(/<script(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g, '');

const REGISTRATION = registrationRequestSchema.parse(validRequests.registration.body);
const CONFIG = { ORGANISER_EMAIL: 'info@example.com', PUBLIC_URL: 'https://bbq.example' };

describe('every event fact reaches visitors', () => {
  let renderer: Renderer;
  const base: SiteContent = {
    version: 1,
    documents: Object.fromEntries(CONTENT_TYPES.map((type) => [type.id, initialContent(type.id)])),
    media: {},
    // Before the first content's weekend, as visitors see the site then.
    at: '2026-07-01T12:00:00.000Z',
  };

  /** What visitors get, in both languages: the calendar file, the confirmation e-mail, each page. */
  function outputs(content: SiteContent): Array<() => Promise<string> | string> {
    const facts = content.documents.event as EventFacts;
    return (['lt', 'en'] as const).flatMap((language) => [
      () => eventIcs(facts, language, CONFIG.PUBLIC_URL, new Date(0)),
      () => JSON.stringify(registrationMails({ ...REGISTRATION, language }, CONFIG, content)),
      ...VISITOR_PAGES.map(
        (page) => async () => shown((await renderer.renderPage(page, language, content)).html),
      ),
    ]);
  }

  beforeAll(async () => {
    renderer = (await loadRenderer(path.resolve('build/server/index.js'), CONFIG.PUBLIC_URL))!;
    expect(renderer, 'a server build: run `npm run build`').toBeDefined();
  });

  it('finds the fields in the content type', () => {
    const paths = leaves(eventContent.schema).map((leaf) => leaf.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['checkIn', 'quietFrom', 'registration.closes', 'fees.dayChild']),
    );
  });

  it('a change to any one field changes what visitors get', { timeout: 300_000 }, async () => {
    const before = await Promise.all(outputs(base).map((output) => output()));
    const facts = base.documents.event as EventFacts;
    const unseen: string[] = [];
    for (const { path: fieldPath, kind } of leaves(eventContent.schema)) {
      // The places' limits act on registrations, not on a rendered page: what is left shows
      // once the registration page has asked (src/features/registration/places.test.ts).
      if (fieldPath[0] === 'places') continue;
      const value = fieldPath.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], facts);
      const content = {
        ...base,
        documents: { ...base.documents, event: withField(facts, fieldPath, changed(kind, value)) },
      };
      // Until the first output that differs (most fields show on the first few).
      let seen = false;
      for (const [i, output] of outputs(content).entries())
        if ((await output()) !== before[i]) {
          seen = true;
          break;
        }
      if (!seen) unseen.push(fieldPath.join('.'));
    }
    expect(unseen).toEqual([]);
  });

  /** A page's visible text with `content` (both languages joined). */
  const pageText = async (page: string, content: SiteContent) =>
    (
      await Promise.all(
        (['lt', 'en'] as const).map(async (language) =>
          shown((await renderer.renderPage(page, language, content)).html),
        ),
      )
    ).join('\n');

  // Issue 43: the venue's website was a fact no page showed (the calendar file carried it).
  it('the venue’s website is on a page', { timeout: 120_000 }, async () => {
    const facts = base.documents.event as EventFacts;
    const content = {
      ...base,
      documents: {
        ...base.documents,
        event: withField(facts, ['venue', 'website'], 'https://venue.example/'),
      },
    };
    const shownOn = [];
    for (const page of [PATHS.about, PATHS.registration, PATHS.home])
      if ((await pageText(page, content)).includes('https://venue.example/')) shownOn.push(page);
    expect(shownOn).not.toEqual([]);
  });

  // Issue 43: the safety page's music hour and the programme's bonfire night said 23:00 and
  // 24:00. Both are the one fact now.
  it(
    'the music hour is the safety rule and the end of the bonfire night in the programme',
    { timeout: 120_000 },
    async () => {
      const facts = base.documents.event as EventFacts;
      const content = {
        ...base,
        documents: { ...base.documents, event: withField(facts, ['musicUntil'], '23:45') },
      };
      for (const page of [PATHS.safety, PATHS.home, PATHS.about, PATHS.zoline])
        expect(await pageText(page, content), page).toContain('23:45');
      for (const page of [PATHS.home, PATHS.zoline])
        expect(await pageText(page, content), page).toContain('20:00–23:45');
    },
  );

  /**
   * Issue 43: the facts that pages wrote in their code (the opening hours, the organisers'
   * numbers) and the programme's times are content: every such text, found in the page texts
   * by its place (a list of hours, the numbers, a programme entry's time), changes its page.
   */
  it(
    'every opening hour, number and programme time in the page texts reaches its page',
    { timeout: 300_000 },
    async () => {
      const FACT = /(^|\.)(hours|stats|programme|events|expect)(\.|$)/;
      const unseen: string[] = [];
      let checked = 0;
      for (const type of CONTENT_TYPES.filter((candidate) => candidate.id.startsWith('page.'))) {
        const document = base.documents[type.id];
        const leaves: string[][] = [];
        const walk = (node: unknown, at: string[]) => {
          if (isLocalizedText(node)) {
            if (FACT.test(at.join('.')) && /time|value|title|label/.test(at.at(-1) ?? '')) leaves.push(at);
          } else if (Array.isArray(node)) node.forEach((child, i) => walk(child, [...at, String(i)]));
          else if (typeof node === 'object' && node !== null)
            for (const [key, child] of Object.entries(node)) walk(child, [...at, key]);
        };
        walk(document, []);
        for (const leaf of leaves) {
          const changedDocument = withField(document as unknown as EventFacts, leaf, {
            lt: 'Ąžuolas 06:17',
            en: 'Oak 06:17',
          });
          const content = { ...base, documents: { ...base.documents, [type.id]: changedDocument } };
          const pages = type.pages.filter((page) => VISITOR_PAGES.includes(page));
          const texts = await Promise.all(pages.map((page) => pageText(page, content)));
          checked++;
          if (!texts.some((text) => text.includes('Ąžuolas 06:17') && text.includes('Oak 06:17')))
            unseen.push(`${type.id}:${leaf.join('.')}`);
        }
      }
      // The about page's hours and the organisers' numbers are among them.
      expect(checked).toBeGreaterThan(20);
      expect(unseen).toEqual([]);
    },
  );
});

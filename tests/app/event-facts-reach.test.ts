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
import { VISITOR_PAGES } from '~/platform/paths';
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
});

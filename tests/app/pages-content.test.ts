import { readFileSync } from 'node:fs';
import type home from '@content/initial/page.home.json';
import type recipes from '@content/initial/page.recipes.json';
import type sponsors from '@content/initial/page.sponsors.json';
import type sponsorship from '@content/initial/page.sponsorship.json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertAdmin, sessionCookie } from '@tests/helpers/admin';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEFAULT_TEST_DATABASE } from '@tests/helpers/test-database';

// Recipes, the sponsorship packages' amounts, the sponsor showcases' contact details and the
// home page's sponsors strip are content: organisers change them in the admin area and the
// pages show the change in both languages at once.

/** The documents this test edits, shaped like their first content. */
interface Documents {
  'page.recipes': typeof recipes;
  'page.sponsorship': typeof sponsorship;
  'page.sponsors': typeof sponsors;
  'page.home': typeof home;
}
type TypeId = keyof Documents;
type Change<T extends TypeId = TypeId> = (draft: Documents[T]) => void;

interface Doc<T extends TypeId> {
  draft: Documents[T];
  draftVersion: number;
}

type Tree = Record<string, unknown>;

interface Refusal {
  error: string;
  fields: Array<{ field: string; message: string }>;
}

const contentPack = (language: 'lt' | 'en') =>
  JSON.parse(
    readFileSync(
      new URL(`../../src/platform/i18n/locales/${language}/content.json`, import.meta.url),
      'utf8',
    ),
  ) as Tree;

/** The text of a `content:…` message key in a language pack ('content:errors.phone'). */
const translated = (pack: Tree, key: string) =>
  key
    .replace(/^content:/, '')
    .split('.')
    .reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], pack);

describe.each(DEFAULT_TEST_DATABASE)(
  'recipes, packages, showcases and home sponsors as content (%s)',
  (kind) => {
    let t: TestApp;
    let cookie: string;
    beforeAll(async () => {
      t = await startTestApp(kind);
      const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', {
        email: `pages-${Date.now()}@example.com`,
      });
      cookie = await sessionCookie(t, admin.id);
    });
    afterAll(() => t?.close());

    const json = async <T>(method: string, path: string, body?: unknown) => {
      const response = await call(t, method, path, { cookie, body });
      return { status: response.status, body: (await response.json()) as T };
    };
    const read = async <T extends TypeId>(type: T) =>
      (await json<Doc<T>>('GET', `/api/admin/content/${type}`)).body;
    const saveDraft = async <T extends TypeId>(type: T, change: Change<T>) => {
      const doc = await read(type);
      const draft = structuredClone(doc.draft);
      change(draft);
      return json<{ draftVersion: number } & Refusal>('PUT', `/api/admin/content/${type}/draft`, {
        data: draft,
        baseVersion: doc.draftVersion,
      });
    };
    const publish = async <T extends TypeId>(type: T, change: Change<T>) => {
      const saved = await saveDraft(type, change);
      expect(saved.status, type).toBe(200);
      const published = await json('POST', `/api/admin/content/${type}/publish`, {
        baseVersion: saved.body.draftVersion,
      });
      expect(published.status, type).toBe(200);
    };
    const page = async (path: string, lang: 'lt' | 'en') =>
      (await fetch(`${t.url}${path}?lang=${lang}`)).text();

    it('the home page links the building and repair sponsor to its showcase, /sponsor/4', async () => {
      for (const lang of ['lt', 'en'] as const) {
        const html = await page('/', lang);
        expect(html, lang).toMatch(/href="\/sponsor\/4"[^>]*>(?:(?!<\/a>).)*Baltic Home Services/s);
        expect(html, lang).not.toMatch(/href="\/sponsor\/2"/);
      }
    });

    it('a recipe, a package amount, a showcase phone and a home sponsor, edited, show on the pages in lt and en', async () => {
      await publish('page.recipes', (draft) => {
        const kugelis = draft.recipes.find((recipe) => recipe.id === 'kugelis')!;
        kugelis.title = { lt: 'Močiutės kugelis', en: 'Grandma’s kugelis' };
        kugelis.minutes = 95;
        kugelis.peopleMax = 10;
        kugelis.steps.push({ lt: 'Skanaus!', en: 'Enjoy!' });
      });
      await publish('page.sponsorship', (draft) => {
        draft.packages.items.gold.to = 300_000;
      });
      await publish('page.sponsors', (draft) => {
        draft.showcases['4'].phone = '+44 29 2000 0404';
      });
      await publish('page.home', (draft) => {
        const removals = draft.sponsors.items.find((sponsor) => sponsor.name === 'Wales Removals')!;
        removals.name = 'Cardiff Movers';
        removals.kind = { lt: 'Perkraustymas Kardife', en: 'Moving house in Cardiff' };
      });

      const recipesLt = await page('/maistas', 'lt');
      expect(recipesLt).toContain('Močiutės kugelis');
      expect(recipesLt).toContain('95 min.');
      expect(recipesLt).toContain('6–10 asm.');
      expect(recipesLt).toContain('Skanaus!');
      expect(recipesLt).toContain('id="kugelis"');
      const recipesEn = await page('/maistas', 'en');
      expect(recipesEn).toContain('Grandma’s kugelis');
      expect(recipesEn).toContain('95 min');
      expect(recipesEn).toContain('Serves 6–10');
      expect(recipesEn).toContain('Enjoy!');
      expect(recipesEn).not.toContain('Kugelis (potato pudding)');

      const sponsorshipEn = await page('/tapti-remeju', 'en');
      expect(sponsorshipEn).toContain('£500–£3,000');
      expect(sponsorshipEn).not.toContain('£500–£2,500');
      // Top package first, whatever order the database keeps the packages' keys in.
      const headings = ['Platinum', 'Gold', 'Silver'].map((name) => sponsorshipEn.indexOf(`>${name}</h3>`));
      expect(headings[0]).toBeGreaterThan(-1);
      expect(headings).toEqual([...headings].sort((a, b) => a - b));
      const sponsorshipLt = (await page('/tapti-remeju', 'lt')).replace(/\u00a0/g, ' ');
      expect(sponsorshipLt).toContain('500 £–3 000 £');

      for (const lang of ['lt', 'en'] as const) {
        const showcase = await page('/sponsor/4', lang);
        expect(showcase, lang).toContain('+44 29 2000 0404');
        expect(showcase, lang).not.toContain('+44 7700 900403');
        // The other showcases keep theirs.
        expect(await page('/sponsor/2', lang), lang).toContain('+44 7700 900201');
      }

      const homeLt = await page('/', 'lt');
      expect(homeLt).toContain('Cardiff Movers');
      expect(homeLt).toContain('Perkraustymas Kardife');
      const homeEn = await page('/', 'en');
      expect(homeEn).toContain('Cardiff Movers');
      expect(homeEn).toContain('Moving house in Cardiff');
      expect(homeEn).not.toContain('Wales Removals');
    });

    it('bad input is refused with a translated message and writes nothing', async () => {
      const refusal = <T extends TypeId>(type: T, change: Change<T>, field: string, message: string) => ({
        type,
        field,
        message,
        save: () => saveDraft(type, change),
      });
      const refusals = [
        refusal(
          'page.sponsorship',
          (draft) => void (draft.packages.items.silver.from = 80_000),
          'packages.items.silver.to',
          'content:errors.amountOrder',
        ),
        refusal(
          'page.sponsors',
          (draft) => void (draft.showcases['3'].phone = 'ring us'),
          'showcases.3.phone',
          'content:errors.phone',
        ),
        refusal(
          'page.recipes',
          (draft) => void (draft.recipes[0]!.peopleMin = 12),
          'recipes.0.peopleMax',
          'content:errors.peopleOrder',
        ),
        refusal(
          'page.recipes',
          (draft) => void (draft.recipes[1]!.rating = 4.85),
          'recipes.1.rating',
          'content:errors.decimals',
        ),
        refusal(
          'page.home',
          (draft) => void (draft.sponsors.items[0]!.href = 'javascript:alert(1)'),
          'sponsors.items.0.href',
          'content:errors.link',
        ),
      ];
      for (const { type, save, field, message } of refusals) {
        const before = await read(type);
        const refused = await save();
        expect(refused.status, field).toBe(400);
        expect(refused.body.error).toBe('validation');
        expect(refused.body.fields).toContainEqual({ field, message });
        for (const language of ['lt', 'en'] as const) {
          expect(translated(contentPack(language), message), `${language} ${message}`).toEqual(
            expect.stringMatching(/\S/),
          );
        }
        const after = await read(type);
        expect(after.draftVersion, field).toBe(before.draftVersion);
        expect(after.draft, field).toEqual(before.draft);
      }
      expect(await page('/tapti-remeju', 'en')).toContain('£50–£500');
    });
  },
);

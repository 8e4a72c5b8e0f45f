// No box past the screen's edge: every public page, both languages, at phone and desktop
// widths. "No horizontal scroll" is not enough — a page can clip a button or a paragraph
// without scrolling sideways (issue 18) — so every element's and every text's box is measured.
import type { Page } from '@playwright/test';
import { ALL_PAGES, PATHS } from '~/platform/paths';
import { open, type Language } from './content-pages';
import { expect, test } from './fixtures';

const WIDTHS = [320, 360, 375, 1280] as const;
const PUBLIC_PAGES = ALL_PAGES.filter((path) => !path.startsWith(PATHS.admin));

/** Boxes that reach past the viewport's left or right edge, described for the failure message. */
function boxesPastTheEdge(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const SLACK = 0.5; // sub-pixel rounding

    /**
     * Reachable or meant to be out of view: inside a scrolling box (the box itself is measured),
     * or decoration hidden from everyone (the form's off-screen honeypot). An ancestor that
     * merely hides overflow does not excuse a box: that is how a clipped button goes unseen.
     */
    function excused(element: Element): boolean {
      if (element.closest('[aria-hidden="true"]')) return true;
      // Sonner's transparent toast list is 100% wide plus its offset on phones; the toasts in it are measured.
      if (element.matches('[data-sonner-toaster]')) return true;
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        const overflow = getComputedStyle(parent).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') return true;
      }
      return false;
    }
    /** Not seen: not rendered, invisible, or visually hidden the `sr-only` way. */
    function unseen(element: Element, rect: DOMRect): boolean {
      if (rect.width === 0 && rect.height === 0) return true;
      const style = getComputedStyle(element);
      if (style.visibility !== 'visible' || style.opacity === '0') return true;
      return style.position === 'absolute' && (style.clip !== 'auto' || style.clipPath !== 'none'); // sr-only
    }
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
        element.className && typeof element.className === 'string'
          ? `.${element.className.trim().split(/\s+/).slice(0, 3).join('.')}`
          : ''
      }`;

    const found: string[] = [];
    const past = (rect: DOMRect) => rect.left < -SLACK || rect.right > width + SLACK;
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (!past(rect) || unseen(element, rect) || excused(element)) continue;
      found.push(`${describe(element)} [${Math.round(rect.left)}, ${Math.round(rect.right)}]`);
    }
    // Text can run out of a box that fits (a long word, a nowrap line).
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim()) continue;
      range.selectNodeContents(node);
      const rect = range.getBoundingClientRect();
      if (!past(rect) || unseen(parent, parent.getBoundingClientRect())) continue;
      // A box that clips its own text (`truncate`) is measured as an element above.
      if (excused(parent) || getComputedStyle(parent).overflowX !== 'visible') continue;
      found.push(
        `text "${node.textContent.trim().slice(0, 40)}" in ${describe(parent)} [${Math.round(rect.left)}, ${Math.round(rect.right)}]`,
      );
    }
    return found;
  });
}

/**
 * Pages per test: one test per language held a worker for about 30 s (CI); in groups the two
 * workers share them.
 */
const GROUP_SIZE = 16;
const GROUPS = Array.from({ length: Math.ceil(PUBLIC_PAGES.length / GROUP_SIZE) }, (_, index) =>
  PUBLIC_PAGES.slice(index * GROUP_SIZE, (index + 1) * GROUP_SIZE),
);

for (const language of ['lt', 'en'] as const satisfies Language[]) {
  GROUPS.forEach((pages, index) => {
    test(`no box reaches past the screen on public pages ${index + 1}/${GROUPS.length} (${language})`, async ({
      page,
    }) => {
      test.setTimeout(120_000 + pages.length * 4_000);
      const problems: string[] = [];
      for (const path of pages) {
        await page.setViewportSize({ width: WIDTHS[0], height: 800 });
        await open(page, path, language);
        await page.evaluate(() => document.fonts.ready);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          for (const box of await boxesPastTheEdge(page)) problems.push(`${path} @${width}px: ${box}`);
        }
      }
      expect(problems).toEqual([]);
    });
  });
}

// Screenshots of pages at phone (320, 360, 375 px) and desktop widths, for looking at what we build:
//   npx tsx scripts/screenshots.ts http://localhost:3000 / /istorija …   (add --en for English)
// PNGs go to tmp/screenshots/. Also reports horizontal overflow at each width.
// Admin pages: set ADMIN_EMAIL and ADMIN_PASSWORD to sign in first.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../playwright.config';

const args = process.argv.slice(2);
const english = args.includes('--en');
const [base, ...paths] = args.filter((a) => a !== '--en');
if (!base) throw new Error('usage: screenshots.ts <base-url> [paths…] [--en]');
mkdirSync('tmp/screenshots', { recursive: true });

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
for (const [label, width, height] of [
  ['small', 320, 700],
  ['android', 360, 780],
  ['phone', 375, 812],
  ['desktop', 1280, 900],
] as const) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
  if (english) await context.addInitScript(() => localStorage.setItem('language', 'en'));
  if (process.env.ADMIN_EMAIL && process.env.ADMIN_PASSWORD) {
    const login = await context.request.post(`${base}/api/admin/login`, {
      data: { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD },
      headers: { origin: base },
    });
    if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
  }
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log(`  console error: ${m.text()}`));
  for (const path of paths.length ? paths : ['/']) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true').catch(() => {});
    // A full-page shot does not scroll, so lazy images below the fold would stay blank.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
        window.scrollTo({ top: y, behavior: 'instant' });
        await new Promise((done) => setTimeout(done, 150));
      }
      window.scrollTo({ top: 0, behavior: 'instant' }); // the site scrolls smoothly
    });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    const name = `${path.replace(/\W+/g, '_') || 'home'}-${english ? 'en' : 'lt'}-${label}.png`;
    await page.screenshot({ path: `tmp/screenshots/${name}`, fullPage: true });
    console.log(`${name}${overflow > 0 ? `  OVERFLOW ${overflow}px` : ''}`);
  }
  await context.close();
}
await browser.close();

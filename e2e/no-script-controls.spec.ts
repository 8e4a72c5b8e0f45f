import { expect, test } from './fixtures';

// Issue 44 (3): with scripts off, every control on a phone either works by itself — inside a
// form (posted to the server), a summary of a <details>, a popover or command target, or a
// link to where the job is done — or is not shown; and using it changes the page.

test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });

const CONTROLS = 'button, [role=button], summary, input[type=submit]';

for (const path of ['/', '/istorija', '/sponsor/reduk']) {
  test(`every visible control on ${path} works without scripts`, async ({ page }) => {
    await page.goto(path);
    const count = await page.locator(CONTROLS).count();
    let used = 0;
    for (let i = 0; i < count; i++) {
      await page.goto(path);
      const control = page.locator(CONTROLS).nth(i);
      if (!(await control.isVisible())) continue;
      const name = `${path} #${i}: ${(await control.evaluate((el) => el.outerHTML)).slice(0, 160)}`;
      const how = await control.evaluate((el) =>
        el.closest('form')
          ? 'form'
          : el.tagName === 'SUMMARY'
            ? 'details'
            : el.hasAttribute('popovertarget')
              ? 'popover'
              : el.hasAttribute('commandfor')
                ? 'command'
                : el.matches('a[href]')
                  ? 'link'
                  : null,
      );
      expect(how, name).not.toBeNull();
      // What a visitor sees: the address, the text and the pictures shown.
      const state = () =>
        page.evaluate(
          () =>
            `${location.href}\n${document.body.innerText}\n${[...document.images].filter((image) => image.checkVisibility()).length}`,
        );
      const before = await state();
      await control.click();
      await expect.poll(state, { message: name }).not.toBe(before);
      used++;
    }
    expect(used).toBeGreaterThan(0);
  });
}

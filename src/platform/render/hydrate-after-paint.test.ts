import { describe, expect, it } from 'vitest';
import { hydrateAfterPaint } from './hydrate-after-paint';

// What React Router's <Scripts> writes (React hoists the preload links into the head).
const PAGE =
  '<!DOCTYPE html><html lang="lt"><head><link rel="modulepreload" href="/assets/manifest-1.js"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-2.js"/><link rel="modulepreload" href="/assets/framework-3.js"/>' +
  '<link rel="modulepreload" href="/assets/root-4.js"/><link rel="modulepreload" href="/assets/home.route-5.js"/>' +
  '<link rel="stylesheet" href="/assets/root-6.css"/></head><body><main>Sveiki</main>' +
  '<script>window.__reactRouterContext = {};</script>' +
  '<script type="module" async="">import "/assets/manifest-1.js";\n' +
  'import * as route0 from "/assets/root-4.js";\nimport * as route1 from "/assets/home.route-5.js";\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"features/home/home.route":route1};\n\n' +
  'import("/assets/entry.client-2.js");</script></body></html>';

describe('hydrateAfterPaint', () => {
  const html = hydrateAfterPaint(PAGE);
  const module = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;

  it('takes the module preloads out of the head, leaving the stylesheet and the page alone', () => {
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).toContain(
      '<link rel="stylesheet" href="/assets/root-6.css"/></head><body><main>Sveiki</main>',
    );
    expect(html).toContain('<script>window.__reactRouterContext = {};</script>');
  });

  it('imports nothing before the load, the first paint and two frames, then preloads every chunk at once', () => {
    expect(module).not.toMatch(/\bimport\s+["*]/); // no static import: those are fetched at once
    const order = ['"load"', 'first-contentful-paint', 'requestAnimationFrame', 'modulepreload', 'import('];
    const at = order.map((part) => module.indexOf(part));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    for (const chunk of ['manifest-1', 'entry.client-2', 'framework-3', 'root-4', 'home.route-5']) {
      expect(module).toContain(`"/assets/${chunk}.js"`);
    }
    expect(module).toContain(
      'const [,route0,route1]=await Promise.all([import("/assets/manifest-1.js"),import("/assets/root-4.js"),import("/assets/home.route-5.js")]);',
    );
    expect(module).toMatch(
      /window\.__reactRouterRouteModules = \{"root":route0,[^}]*\};\s*import\("\/assets\/entry\.client-2\.js"\);$/,
    );
  });

  it('is valid JavaScript for a module', async () => {
    // Parsed as a module body (top-level await), not run: an async function accepts the same.
    const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
      body: string,
    ) => unknown;
    expect(() => new AsyncFunction(module.replace(/\bimport\(/g, 'fakeImport('))).not.toThrow();
  });

  it('leaves a page without scripts as it is (the draft preview)', () => {
    const plain = '<html><head><link rel="stylesheet" href="/a.css"/></head><body>x</body></html>';
    expect(hydrateAfterPaint(plain)).toBe(plain);
  });
});

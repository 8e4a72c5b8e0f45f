import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The layers of docs/ARCHITECTURE.md, proven: the import graph (type imports included)
// has no cycle and no upward or sideways import, and the build tools refuse a break.

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE_DIRS = ['src', 'tests', 'bench', 'e2e', 'scripts'];
const isTest = (file: string) =>
  /\.test\.tsx?$/.test(file) || /(^|\/)test-[^/]*\.ts$/.test(file) || /^(tests|e2e|bench)\//.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [rel] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('~/')) base = path.join('src', specifier.slice(2));
  else if (specifier.startsWith('@tests/')) base = path.join('tests', specifier.slice(7));
  else if (specifier.startsWith('.')) base = path.join(path.dirname(from), specifier);
  else return null; // a package
  base = base.replace(/\?.*$/, '');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    const full = path.join(ROOT, candidate);
    if (existsSync(full) && statSync(full).isFile() && /\.tsx?$/.test(candidate))
      return path.normalize(candidate);
  }
  return null; // JSON, CSS, fonts, images
}

/** file → the files it imports (static, dynamic and type-only imports alike). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of SOURCE_DIRS.flatMap(sourceFiles)) {
    const info = ts.preProcessFile(readFileSync(path.join(ROOT, file), 'utf8'), true, true);
    graph.set(
      file,
      info.importedFiles.map((i) => resolveImport(file, i.fileName)).filter((f): f is string => f !== null),
    );
  }
  return graph;
}

/** Tarjan's strongly connected components: every component of more than one file is a cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indices.get(next)!));
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

type Layer = { kind: 'platform' } | { kind: 'feature'; name: string } | { kind: 'app' } | { kind: 'other' };
function layerOf(file: string): Layer {
  if (file.startsWith('src/platform/')) return { kind: 'platform' };
  const feature = /^src\/features\/([^/]+)\//.exec(file);
  if (feature) return { kind: 'feature', name: feature[1]! };
  if (file.startsWith('src/')) return { kind: 'app' };
  return { kind: 'other' };
}

/** Why `from` may not import `to`, or null when it may. */
function layerBreak(from: string, to: string): string | null {
  const a = layerOf(from);
  const b = layerOf(to);
  if (a.kind === 'platform' && (b.kind === 'feature' || b.kind === 'app'))
    return 'platform imports a feature/app';
  if (a.kind === 'feature' && b.kind === 'app') return 'feature imports the app';
  if (a.kind === 'feature' && b.kind === 'feature' && a.name !== b.name)
    return 'feature imports another feature';
  return null;
}

describe('architecture', () => {
  const graph = importGraph();

  it('reads the whole tree', () => {
    expect(graph.size).toBeGreaterThan(250);
    expect([...graph.values()].flat().length).toBeGreaterThan(800);
  });

  it('has no import cycle anywhere (type-only imports count)', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one (the check can fail)', () => {
    const looped = new Map(graph);
    looped.set('src/platform/paths.ts', [...(graph.get('src/platform/paths.ts') ?? []), 'src/routes.ts']);
    expect(cycles(looped)).toContainEqual(expect.arrayContaining(['src/platform/paths.ts', 'src/routes.ts']));
  });

  it('imports only downwards: platform ← features ← app, and no feature imports another', () => {
    const breaks = [...graph]
      .filter(([file]) => !isTest(file))
      .flatMap(([file, imports]) =>
        imports.flatMap((target) => {
          const why = layerBreak(file, target);
          return why ? [`${file} → ${target}: ${why}`] : [];
        }),
      );
    expect(breaks).toEqual([]);
  });

  describe('npm run lint refuses a broken layer', () => {
    const eslint = new ESLint({ cwd: ROOT });
    const lint = async (filePath: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
      return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
    };
    const cases: Array<[string, string, string, RegExp]> = [
      [
        'the platform importing a feature',
        'src/platform/ui/Example.tsx',
        "import { PATHS } from '~/features/shop/api';\nexport const x = PATHS;\n",
        /import-x\/no-restricted-paths: .*platform layer never imports/,
      ],
      [
        'a feature importing another feature',
        'src/features/faq/Example.tsx',
        "import { SHOP_ENDPOINTS } from '~/features/shop/api';\nexport const x = SHOP_ENDPOINTS;\n",
        /import-x\/no-restricted-paths: .*Features do not import each other/,
      ],
      [
        'a feature importing the app',
        'src/features/faq/Example.tsx',
        "import { ADMIN_SECTIONS } from '~/app/admin-sections';\nexport const x = ADMIN_SECTIONS;\n",
        /import-x\/no-restricted-paths: .*Features do not import the app/,
      ],
      [
        'a browser page importing server code',
        'src/features/faq/Example.tsx',
        "import { openDatabase } from '~/platform/db/client.server';\nexport const x = openDatabase;\n",
        /no-restricted-imports: .*server-only/,
      ],
      [
        'a browser module using a Node built-in',
        'src/features/faq/example.ts',
        "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
        /no-restricted-imports: .*Node built-ins/,
      ],
      [
        'a climbing import',
        'src/features/faq/example.ts',
        "import { PATHS } from '../../platform/paths';\nexport const x = PATHS;\n",
        /no-restricted-imports: .*through the alias/,
      ],
    ];
    for (const [name, file, code, expected] of cases) {
      it(`refuses ${name}`, async () => {
        expect((await lint(file, code)).some((message) => expected.test(message))).toBe(true);
      });
    }

    it('accepts the allowed directions (feature → platform, server → server, type-only)', async () => {
      expect(
        await lint(
          'src/features/faq/example.server.ts',
          "import { openDatabase } from '~/platform/db/client.server';\nimport { PATHS } from '~/platform/paths';\nexport const x = [openDatabase, PATHS];\n",
        ),
      ).toEqual([]);
      expect(
        await lint(
          'src/features/faq/example.ts',
          "import type { Config } from '~/platform/config/config.server';\nexport type X = Config;\n",
        ),
      ).toEqual([]);
    });
  });

  describe('npm run lint keeps server code out of browser code (issue 29)', () => {
    const eslint = new ESLint({ cwd: ROOT });
    /** line number → the rule ids that refused it. */
    const lintLines = async (filePath: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
      const byLine = new Map<number, string[]>();
      // The probes bind names they never use: that is not what is tested here.
      for (const m of result!.messages.filter((m) => m.ruleId !== '@typescript-eslint/no-unused-vars'))
        byLine.set(m.line, [...(byLine.get(m.line) ?? []), `${m.ruleId}: ${m.message}`]);
      return byLine;
    };
    const PAGE = 'src/features/faq/Example.tsx';
    /** The lines of `imports` that lint lets through in a page (each line is one import). */
    const allowedInPage = async (imports: string[]) => {
      const refused = await lintLines(PAGE, imports.join('\n') + '\n');
      return imports.filter((_, i) => !refused.has(i + 1));
    };

    // The runtime dependencies browser code may use. Every other one is server-only, so a page
    // that imports it must fail lint: a new dependency is refused in pages until it is listed here.
    const BROWSER_PACKAGES = [
      // The forms, in the browser and the route actions alike (decision 0051).
      '@conform-to/react',
      '@conform-to/zod',
      '@date-fns/tz',
      'idb-keyval', // the check-in screen's offline list and queue
      'marked',
      'radix-ui',
      'react',
      'react-dom', // React Router hydrates with react-dom/client
      'react-router',
      'sonner',
      'uplot',
      'zod',
    ];
    const runtime = Object.keys(
      (
        JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
          dependencies: Record<string, string>;
        }
      ).dependencies,
    );
    const serverPackages = runtime.filter((name) => !BROWSER_PACKAGES.includes(name));

    it('refuses a page that imports kysely (the review found one passed, and PGlite landed in build/client)', async () => {
      const refused = await lintLines(PAGE, "import { Kysely } from 'kysely';\nexport const x = Kysely;\n");
      expect(refused.get(1)).toEqual([expect.stringMatching(/no-restricted-imports: .*server-only package/)]);
    });

    it('refuses every server-only runtime dependency in a page, with or without a subpath', async () => {
      expect(serverPackages).toEqual(
        expect.arrayContaining(['kysely', 'pg', '@electric-sql/pglite', 'nodemailer', 'stripe', 'fastify']),
      );
      const imports = serverPackages.flatMap((name, i) => [
        `import * as p${i} from '${name}';`,
        `import * as q${i} from '${name}/x';`,
        `export * from '${name}';`,
      ]);
      expect(await allowedInPage(imports)).toEqual([]);
    });

    it('lets a page import the browser packages, and any package type-only', async () => {
      const imports = [
        // The toast library is a browser package, imported only by notify() (the next describe).
        ...BROWSER_PACKAGES.filter((name) => name !== 'sonner').map(
          (name, i) => `import * as p${i} from '${name}';`,
        ),
        ...serverPackages.map((name, i) => `import type * as t${i} from '${name}';`),
        "import type { Readable } from 'node:stream';",
        "import type { Stats } from 'fs';",
      ];
      expect(await allowedInPage(imports)).toEqual(imports);
    });

    it('refuses every Node built-in in a page, with or without the node: prefix', async () => {
      const imports = builtinModules.flatMap((name, i) => [
        `import * as a${i} from '${name}';`,
        `import * as b${i} from '${name.startsWith('node:') ? name : `node:${name}`}';`,
      ]);
      expect(builtinModules).toEqual(expect.arrayContaining(['fs', 'fs/promises', 'child_process']));
      expect(await allowedInPage(imports)).toEqual([]);
      const refused = await lintLines(PAGE, "import fs from 'fs';\nexport const x = fs;\n");
      expect(refused.get(1)).toEqual([expect.stringMatching(/no-restricted-imports: .*Node built-ins/)]);
    });

    it('refuses a dynamic import of a .server module, a server package or a built-in in a page', async () => {
      const dynamic = [
        "export const a = () => import('~/platform/db/client.server');",
        "export const b = () => import('./example.server.ts');",
        "export const c = () => import('kysely');",
        "export const d = () => import('fs');",
        "export const e = () => import('node:fs');",
        'export const f = () => import(`~/platform/db/client.server`);',
      ];
      const refused = await lintLines(PAGE, dynamic.join('\n') + '\n');
      expect(
        dynamic.filter((_, i) => !refused.get(i + 1)?.some((m) => m.startsWith('no-restricted-syntax:'))),
      ).toEqual([]);
      // Browser code may still load its own modules on demand.
      expect(await lintLines(PAGE, "export const g = () => import('~/platform/ui/notify');\n")).toEqual(
        new Map(),
      );
    });

    it('allows all of it in server code', async () => {
      expect(
        await lintLines(
          'src/features/faq/example.server.ts',
          "import { Kysely } from 'kysely';\nimport fs from 'fs';\nexport const x = [Kysely, fs, () => import('~/platform/db/client.server')];\n",
        ),
      ).toEqual(new Map());
    });
  });

  describe('npm run lint keeps one way for toasts and one for browser requests (issue 29)', () => {
    const eslint = new ESLint({ cwd: ROOT });
    /** The lines of `code` that lint refuses with `rule`, counting from 1. */
    const refusedLines = async (filePath: string, code: string[], rule: string | RegExp) => {
      const [result] = await eslint.lintText(code.join('\n') + '\n', { filePath: path.join(ROOT, filePath) });
      const matches = (id: string | null) => (typeof rule === 'string' ? id === rule : rule.test(id ?? ''));
      return [...new Set(result!.messages.filter((m) => matches(m.ruleId)).map((m) => m.line))];
    };
    const IMPORTS = '@typescript-eslint/no-restricted-imports';
    const SYNTAX = 'no-restricted-syntax';
    const REQUESTS = /^no-restricted-(globals|properties)$/;

    const toastLibrary = [
      "import { toast } from 'sonner';",
      "import { Toaster as T } from 'sonner';",
      "export const a = () => import('sonner');",
    ];
    it('refuses the toast library in a page and in the platform: toasts go through notify()', async () => {
      for (const file of ['src/features/faq/Example.tsx', 'src/platform/admin/example.ts']) {
        expect(await refusedLines(file, toastLibrary.slice(0, 2), IMPORTS), file).toEqual([1, 2]);
        expect(await refusedLines(file, toastLibrary.slice(2), SYNTAX), file).toEqual([1]);
      }
    });
    it('lets notify() and the toast region import it', async () => {
      for (const file of ['src/platform/ui/notify.ts', 'src/platform/shell/Toasts.tsx']) {
        expect(await refusedLines(file, toastLibrary, IMPORTS), file).toEqual([]);
        expect(await refusedLines(file, toastLibrary, SYNTAX), file).toEqual([]);
      }
    });

    const requests = [
      "export const a = () => fetch('/api/admin/backup');",
      "export const b = () => window.fetch('/api/admin/backup');",
      "export const c = () => globalThis.fetch('/api/admin/backup', { credentials: 'same-origin' });",
      'export const d = () => new XMLHttpRequest();',
      'export const e = (blob: Blob) => URL.createObjectURL(blob);',
      'export const f = fetch;',
    ];
    it('refuses fetch, XMLHttpRequest and object URLs in browser code outside platform/http', async () => {
      for (const file of ['src/features/admin/Example.tsx', 'src/platform/media/example.ts']) {
        expect(await refusedLines(file, requests, REQUESTS), file).toEqual([1, 2, 3, 4, 5, 6]);
      }
    });
    it('allows them in platform/http and in server code; a property named fetch is not a request', async () => {
      expect(await refusedLines('src/platform/http/example.ts', requests, REQUESTS)).toEqual([]);
      expect(await refusedLines('src/features/admin/example.server.ts', requests, REQUESTS)).toEqual([]);
      const notRequests = [
        'export const g = (loader: { fetch(): void }) => loader.fetch();',
        'export const h = { fetch: 1 };',
        'export const i = (fetch: () => void) => fetch();',
      ];
      expect(await refusedLines('src/features/admin/Example.tsx', notRequests, REQUESTS)).toEqual([]);
    });
  });

  describe('no two files in a folder differ only in case (macOS and Windows disks cannot tell them apart)', () => {
    it('npm run lint refuses a case twin', async () => {
      // PopularProducts.tsx exists beside it: './popularproducts' and './PopularProducts' name one file there.
      const [result] = await new ESLint({ cwd: ROOT }).lintText('export const x = 1;\n', {
        filePath: path.join(ROOT, 'src/features/shop/popularProducts.ts'),
      });
      expect(result!.messages.map((m) => `${m.ruleId}: ${m.message}`)).toEqual([
        expect.stringMatching(/^local\/no-case-twin: .*PopularProducts\.tsx/),
      ]);
    });

    it('the tree has none', () => {
      const twins: string[] = [];
      const walk = (dir: string) => {
        const seen = new Map<string, string>();
        for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
          if (
            ['node_modules', '.git', 'build', '.react-router', 'test-results', 'tmp', 'data'].includes(
              entry.name,
            )
          )
            continue;
          // What an import without its extension names: a.ts and A.tsx are twins, a.ts and a.tsx are not.
          const stem = entry.name.replace(/\.[cm]?[jt]sx?$/, '');
          const twin = seen.get(stem.toLowerCase());
          if (twin !== undefined && twin.replace(/\.[cm]?[jt]sx?$/, '') !== stem)
            twins.push(`${dir}/${twin} ↔ ${entry.name}`);
          else seen.set(stem.toLowerCase(), entry.name);
          if (entry.isDirectory()) walk(path.join(dir, entry.name));
        }
      };
      walk('.');
      expect(twins).toEqual([]);
    });
  });

  it("React Router's build refuses a page that imports server code", { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'layers-'));
    try {
      for (const entry of [
        'src',
        'public',
        'content',
        'package.json',
        'tsconfig.json',
        'vite.config.ts',
        'react-router.config.ts',
      ]) {
        cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
      }
      symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
      const page = path.join(dir, 'src/features/faq/FaqPage.tsx');
      writeFileSync(
        page,
        `import { openDatabase } from '~/platform/db/client.server';\nconsole.log(openDatabase);\n${readFileSync(page, 'utf8')}`,
      );
      // The command's file as the package names it (bin.js up to React Router 7, bin.cjs in 8).
      const dev = path.join(ROOT, 'node_modules/@react-router/dev');
      const { bin } = JSON.parse(readFileSync(path.join(dev, 'package.json'), 'utf8')) as {
        bin: Record<string, string>;
      };
      const build = promisify(execFile)(
        process.execPath,
        [path.join(dev, bin['react-router'] ?? ''), 'build'],
        {
          cwd: dir,
        },
      );
      await expect(build).rejects.toMatchObject({
        stderr: expect.stringContaining('Server-only module referenced by client'),
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

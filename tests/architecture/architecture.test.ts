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
      const build = promisify(execFile)(
        process.execPath,
        [path.join(ROOT, 'node_modules/@react-router/dev/bin.js'), 'build'],
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

import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { DYNAMIC_KEYS } from '~/platform/i18n/keys';

// Translation keys (issue 45, decision 0053): the typecheck refuses a key that is not in the
// packs (keys.ts derives the key types from the Lithuanian packs); this file proves that, and
// checks what the typecheck cannot: every key written in the code exists in its pack, and every
// pack key is used somewhere (written as a literal, or under a pattern of DYNAMIC_KEYS).

const ROOT = path.resolve(import.meta.dirname, '../..');
const LOCALES = path.join(ROOT, 'src/platform/i18n/locales');

/** A pack's keys: dotted paths of its texts (a key holding a dot stays as it is written). */
function packKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => packKeys(child, prefix ? `${prefix}.${key}` : key));
}

const PLURAL = /_(ordinal_)?(zero|one|two|few|many|other)$/;
const namespaces = readdirSync(path.join(LOCALES, 'lt'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''));
/** Namespace → its keys and their plural bases (`items_one` → also `items`). */
const packs = new Map(
  namespaces.map((ns) => {
    const keys = packKeys(JSON.parse(readFileSync(path.join(LOCALES, 'lt', `${ns}.json`), 'utf8')));
    return [ns, new Set([...keys, ...keys.map((key) => key.replace(PLURAL, ''))])];
  }),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

interface Scan {
  /**
   * Every string the code writes: literals, templates whose parts are string constants, and
   * the names of object properties (a typed map's keys: `{ paid: … }`).
   */
  strings: Set<string>;
  /** The other templates: their literal pieces around the parts known at run time only. */
  templates: string[][];
  /** `t('key')` calls and `<Trans i18nKey>` with a literal key: the key, the file's namespaces, where. */
  calls: { key: string; namespaces: string[]; at: string }[];
}

/**
 * Reads the application's code (not its tests) once. A template counts as written when every
 * part is a literal or a `const` of this file holding one (`` `${form}.camping.legend` `` with
 * `const form = 'registration:form'`); other templates are keys built at run time.
 */
function scan(): Scan {
  const strings = new Set<string>();
  const templates: string[][] = [];
  const calls: Scan['calls'] = [];
  for (const file of sourceFiles('src')) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const constants = new Map<string, string>();
    // A page's own texts (`const t = usePageTexts()`) are its content document's, not a pack's.
    const pageTexts = /\bconst t = usePageTexts\(\)/.test(text);
    const fileNamespaces = new Set<string>();
    const value = (node: ts.Node): string | undefined => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
      if (ts.isIdentifier(node)) return constants.get(node.text);
      if (ts.isTemplateExpression(node)) {
        let out = node.head.text;
        for (const span of node.templateSpans) {
          const part = value(span.expression);
          if (part === undefined) return undefined;
          out += part + span.literal.text;
        }
        return out;
      }
      return undefined;
    };
    const visit = (node: ts.Node) => {
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        node.initializer &&
        ts.getCombinedNodeFlags(node) & ts.NodeFlags.Const
      ) {
        const constant = value(node.initializer);
        if (constant !== undefined) constants.set(node.name.text, constant);
      }
      const written = ts.isStringLiteral(node) || ts.isTemplateLiteral(node) ? value(node) : undefined;
      if (written !== undefined) strings.add(written);
      else if (ts.isTemplateExpression(node)) {
        // Known parts joined to their neighbours; each unknown one leaves a hole.
        const pieces = [node.head.text];
        for (const span of node.templateSpans) {
          const part = value(span.expression);
          if (part === undefined) pieces.push(span.literal.text);
          else pieces[pieces.length - 1] += part + span.literal.text;
        }
        templates.push(pieces);
      }
      if ((ts.isPropertyAssignment(node) || ts.isPropertySignature(node)) && ts.isIdentifier(node.name))
        strings.add(node.name.text);
      if (
        ts.isJsxAttribute(node) &&
        node.name.getText() === 'i18nKey' &&
        node.initializer &&
        ts.isStringLiteral(node.initializer)
      ) {
        const { line } = source.getLineAndCharacterOfPosition(node.initializer.getStart());
        calls.push({ key: node.initializer.text, namespaces: [], at: `${file}:${line + 1}` });
      }
      // A `t` handed in as `Translate<'offline'>`.
      if (
        ts.isTypeReferenceNode(node) &&
        node.typeName.getText() === 'Translate' &&
        node.typeArguments?.[0] &&
        ts.isLiteralTypeNode(node.typeArguments[0]) &&
        ts.isStringLiteral(node.typeArguments[0].literal)
      )
        fileNamespaces.add(node.typeArguments[0].literal.text);
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee)
          ? callee.text
          : ts.isPropertyAccessExpression(callee)
            ? callee.name.text
            : '';
        const [first, second] = node.arguments;
        if (name === 'useTranslation' && first) {
          const named = ts.isArrayLiteralExpression(first) ? first.elements : [first];
          for (const element of named) {
            // A namespace chosen by a caller (`useTranslation(ns)`): the key may be in any.
            if (ts.isStringLiteral(element)) fileNamespaces.add(element.text);
            else for (const ns of namespaces) fileNamespaces.add(ns);
          }
        }
        if (name === 'getFixedT' && second && ts.isStringLiteral(second)) fileNamespaces.add(second.text);
        if (
          name === 't' &&
          !pageTexts &&
          first &&
          (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))
        ) {
          const { line } = source.getLineAndCharacterOfPosition(first.getStart());
          calls.push({ key: first.text, namespaces: [], at: `${file}:${line + 1}` });
        }
      }
      ts.forEachChild(node, visit);
    };
    const before = calls.length;
    visit(source);
    const inFile = fileNamespaces.size ? [...fileNamespaces] : ['common'];
    for (const call of calls.slice(before)) call.namespaces = inFile;
  }
  // A content document's field names: its editor labels are `content:keys.<name>`.
  const names = (value: unknown): string[] =>
    typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, child]) => [key, ...names(child)])
      : [];
  for (const file of readdirSync(path.join(ROOT, 'content/initial')).filter((name) => name.endsWith('.json')))
    for (const name of names(JSON.parse(readFileSync(path.join(ROOT, 'content/initial', file), 'utf8'))))
      strings.add(name);
  return { strings, templates, calls };
}

const code = scan();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `*` in a DYNAMIC_KEYS pattern is any text. */
const dynamic = Object.entries(DYNAMIC_KEYS).flatMap(([ns, patterns]) =>
  (patterns as readonly string[]).map((pattern) => ({
    ns,
    pattern,
    regex: new RegExp(`^${pattern.split('*').map(escapeRegExp).join('.*')}$`),
  })),
);

/** Whether `key` is `pieces` with each hole filled by a string the code writes. */
function fills(key: string, pieces: readonly string[], from = 0, piece = 0): boolean {
  const literal = pieces[piece] ?? '';
  if (!key.startsWith(literal, from)) return false;
  const start = from + literal.length;
  if (piece === pieces.length - 1) return start === key.length;
  for (let end = start + 1; end <= key.length; end++) {
    if (code.strings.has(key.slice(start, end)) && fills(key, pieces, end, piece + 1)) return true;
  }
  return false;
}

/**
 * Written in the code: as a string, or as a template around written strings; a template that
 * starts with text may also be the end of a key, after a prefix added elsewhere
 * (`` m(`reasons.${reason}`) `` with `m` adding `shop-server:mail.flagged.`).
 */
function written(key: string): boolean {
  if (code.strings.has(key)) return true;
  const ends = [...key.matchAll(/[.:]/g)].map((match) => key.slice(match.index + 1));
  return code.templates.some(
    (pieces) => fills(key, pieces) || (pieces[0] !== '' && ends.some((end) => fills(end, pieces))),
  );
}

function exists(key: string, inNamespaces: readonly string[]): boolean {
  const named = /^([\w-]+):(.*)$/s.exec(key);
  if (named) return packs.get(named[1] ?? '')?.has(named[2] ?? '') ?? false;
  return inNamespaces.some((ns) => packs.get(ns)?.has(key));
}

describe('translation keys', () => {
  it('a key written in a t() call is in its pack', () => {
    expect(code.calls.length).toBeGreaterThan(500);
    const missing = code.calls
      .filter((call) => !exists(call.key, [...call.namespaces, 'common']))
      .map((call) => `${call.at} ${call.key} (${call.namespaces.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('every pack key is used: written in the code (also as a template around written strings, `window.${state}Title`), or under a pattern of DYNAMIC_KEYS', () => {
    const unused: string[] = [];
    for (const [ns, keys] of packs) {
      for (const key of keys) {
        if (PLURAL.test(key) && keys.has(key.replace(PLURAL, ''))) continue; // its base is the key used
        const used =
          written(key) ||
          written(`${ns}:${key}`) ||
          dynamic.some((entry) => entry.ns === ns && entry.regex.test(key));
        if (!used) unused.push(`${ns}:${key}`);
      }
    }
    expect(unused).toEqual([]);
  });

  it('every pattern of DYNAMIC_KEYS matches a pack key', () => {
    const idle = dynamic.filter(
      ({ ns, regex }) => ![...(packs.get(ns) ?? [])].some((key) => regex.test(key)),
    );
    expect(idle.map(({ ns, pattern }) => `${ns}:${pattern}`)).toEqual([]);
  });

  it('the checks find a missing key and an unused one', () => {
    expect(exists('nav.about', ['common'])).toBe(true);
    expect(exists('no.such.key', ['common'])).toBe(false);
    expect(exists('admin:no.such.key', ['common'])).toBe(false);
    expect(written('no.such.key')).toBe(false);
    expect(written('registration:validation.firstNameMin')).toBe(true); // key('firstNameMin')
    expect(written('registration:validation.noSuchRule')).toBe(false);
  });

  it(
    'the typecheck refuses a key not in the packs, and takes one that is',
    { timeout: 120_000 },
    async () => {
      mkdirSync(path.join(ROOT, 'tmp'), { recursive: true });
      // Under the project (node_modules and its tsconfig reachable), in tmp/ (which the project's
      // own typecheck leaves out).
      const dir = mkdtempSync(path.join(ROOT, 'tmp', 'keys-probe-'));
      try {
        writeFileSync(
          path.join(dir, 'tsconfig.json'),
          JSON.stringify({ extends: '../../tsconfig.json', include: [], files: ['probe.ts'] }),
        );
        // Each line is a case; the ones marked "refused" must fail, and only those.
        const probe = [
          `import type { Translate } from '~/platform/i18n/translator';`,
          `import type { useTranslation } from '~/platform/i18n/useTranslation';`,
          `declare const hook: typeof useTranslation;`,
          `declare const serverT: Translate<'common'>;`,
          `declare const anyNamespace: Translate;`,
          `declare const text: string;`,
          `declare const status: 'contacted' | 'accepted';`,
          `const { t } = hook('admin');`,
          `t('shell.logout');`,
          `t('no.such.key'); // refused`,
          `t('nav.about'); // refused (a common key, the default namespace is admin)`,
          `t('common:nav.about');`,
          `t('admin:no.such.key'); // refused`,
          `t('editions.option', { count: 2, ordinal: true, year: 2030 });`,
          `t(\`sponsors.actions.\${status}\`);`,
          `t(\`sponsors.status.\${status}\`); // refused`,
          `t(\`values.orderStatus.\${text}\`);`,
          `t(\`nosuch.\${text}\`); // refused (not in DYNAMIC_KEYS)`,
          `hook().t('nav.about');`,
          `hook().t('no.such.key'); // refused`,
          `hook(['registration', 'common']).t('form.submit');`,
          `serverT('mail:greeting', { name: 'Ona' });`,
          `serverT('mail:no.such.key'); // refused`,
          `anyNamespace('nav.about'); // refused (no default namespace)`,
          `const handedOn: Translate = t;`,
          `export { handedOn };`,
        ];
        writeFileSync(path.join(dir, 'probe.ts'), probe.join('\n') + '\n');
        const tsc = path.join(ROOT, 'node_modules/typescript-7/bin/tsc');
        const result = await promisify(execFile)(
          process.execPath,
          [tsc, '-p', path.join(dir, 'tsconfig.json')],
          {
            cwd: ROOT,
          },
        ).then(
          () => ({ stdout: '' }),
          (error: { stdout: string }) => ({ stdout: error.stdout }),
        );
        const refused = new Set(
          [...result.stdout.matchAll(/probe\.ts\((\d+),\d+\): error TS/g)].map((m) => Number(m[1])),
        );
        const expected = probe.flatMap((line, index) => (line.includes('// refused') ? [index + 1] : []));
        expect(
          [...refused].sort((a, b) => a - b),
          result.stdout,
        ).toEqual(expected);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

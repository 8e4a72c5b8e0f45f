import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The layers (docs/ARCHITECTURE.md, decision 0011): src/platform never imports a feature or the app;
// each src/features/<name> imports only itself and the platform; src/app and the React
// Router entry files (root, routes, entry.server) compose them. Tests may import anything.
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const APP = ['./src/app', './src/root.tsx', './src/routes.ts', './src/entry.server.tsx'];
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/test-*.ts', 'tests/**', 'e2e/**', 'bench/**'];

// The runtime dependencies only server code uses (issue 29): a page importing one passed lint
// and `react-router build`, and PGlite's 15 MB landed in build/client. A new dependency is
// refused in pages until tests/architecture lists it as a browser package.
const SERVER_PACKAGES = [
  '@electric-sql/pglite',
  '@fastify',
  'csv-stringify',
  'fastify',
  'kysely',
  'kysely-pglite-dialect',
  'lru-cache',
  'nodemailer',
  'pg',
  'pino',
  // `npm run logs` (the operator's log view).
  'pino-pretty',
  'proper-lockfile',
  // QR codes for e-mails are drawn on the server (features/check-in).
  'qrcode',
  // Node's version against package.json's engines, at every command's start.
  'semver',
  'sharp',
  'stripe',
  // React's server renderers (entry.server.tsx); the browser hydrates with react-dom/client.
  'react-dom/server',
  'react-dom/static',
];
const alternatives = (names) => names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
// Each name and its subpaths (`pg`, `pg/lib/x`).
const SERVER_PACKAGES_REGEX = `^(?:${alternatives(SERVER_PACKAGES)})(?:/.*)?$`;
// Every Node built-in, with or without `node:` (`fs` as much as `node:fs`): the list is Node's own.
const NODE_BUILTINS_REGEX = `^(?:node:.+|(?:${alternatives(builtinModules.filter((name) => !/[:/]/.test(name)))})(?:/.*)?)$`;
const SERVER_MODULE_REGEX = '\\.server(?:\\.[cm]?[jt]sx?)?$';
// esquery (no-restricted-syntax) ends a regex at the first '/', escaped or not.
const selectorRegex = (regex) => `/${regex.replaceAll('/', '\\x2F')}/`;
const INTL_FORMATTERS = {
  selector:
    "NewExpression[callee.object.name='Intl'][callee.property.name=/^(DateTimeFormat|NumberFormat|DisplayNames)$/]",
  message:
    'Use dateTimeFormat() / numberFormat() from ~/platform/i18n/format: a formatter is slow to make, so each is made once and kept.',
};
// no-restricted-imports sees only static imports; these are the same refusals for import().
const BROWSER_DYNAMIC_IMPORTS = [
  {
    selector: `ImportExpression[source.value=${selectorRegex(SERVER_MODULE_REGEX)}]`,
    message: 'Browser code must not load server-only (.server) modules, not even with import().',
  },
  {
    selector: `ImportExpression > TemplateLiteral > TemplateElement[value.raw=${selectorRegex('\\.server\\b')}]`,
    message: 'Browser code must not load server-only (.server) modules, not even with import().',
  },
  {
    selector: `ImportExpression[source.value=${selectorRegex(SERVER_PACKAGES_REGEX)}]`,
    message: 'This package is server-only: load it in a .server.ts module, never from browser code.',
  },
  {
    selector: `ImportExpression[source.value=${selectorRegex(NODE_BUILTINS_REGEX)}]`,
    message: 'Browser code must not use Node built-ins; move this into a .server.ts module.',
  },
];

// One way to raise a toast (notify()) and one way to call the API from the browser
// (platform/http: apiRequest, downloadFile, apiUpload), issue 29: both had grown side doors.
const TOAST_MODULES = ['src/platform/ui/notify.ts', 'src/platform/shell/Toasts.tsx'];
const TOAST_LIBRARY = {
  regex: '^sonner(?:/.*)?$',
  message:
    "Raise toasts with notify() from ~/platform/ui/notify: it loads the toast library on demand, out of the pages' first load.",
};
const TOAST_LIBRARY_DYNAMIC = {
  selector: `ImportExpression[source.value=${selectorRegex(TOAST_LIBRARY.regex)}]`,
  message: TOAST_LIBRARY.message,
};
const REQUEST_MESSAGE =
  'Call the API through ~/platform/http: apiRequest() (JSON, or a file with responseType "blob"), downloadFile() to save one, apiUpload() for an upload with progress. Failures are then ApiError.';
// The globals by name (a local of that name is not refused) and through the global object.
const REQUEST_GLOBALS = ['fetch', 'XMLHttpRequest'].map((name) => ({ name, message: REQUEST_MESSAGE }));
const REQUEST_PROPERTIES = [
  ...['window', 'globalThis', 'self'].flatMap((object) =>
    ['fetch', 'XMLHttpRequest'].map((property) => ({ object, property, message: REQUEST_MESSAGE })),
  ),
  { object: 'URL', property: 'createObjectURL', message: REQUEST_MESSAGE },
];
const SERVER_IMPORTS_IN_BROWSER = [
  {
    group: ['**/*.server', '*.server', '**/*.server.*'],
    allowTypeImports: true,
    message: 'Browser code must not import server-only (.server) modules.',
  },
  {
    regex: NODE_BUILTINS_REGEX,
    caseSensitive: true,
    allowTypeImports: true,
    message: 'Browser code must not use Node built-ins; move this into a .server.ts module.',
  },
  {
    regex: SERVER_PACKAGES_REGEX,
    caseSensitive: true,
    allowTypeImports: true,
    message:
      'This is a server-only package: use it in a .server.ts module (a page that imports it ships it to every visitor).',
  },
];
/**
 * What browser code may not import; the toast modules may import the toast library; a kind
 * of file may import the server modules `allowedServerModules` names (negated patterns).
 */
const browserImports = ({ toastLibrary, allowedServerModules = [] }) => [
  'error',
  {
    paths: [
      {
        name: 'lucide-react',
        message:
          'Icons come from ~/platform/ui/icons/icons (one cached sprite, decision 0031): add the icon there and run `npm run icons`.',
      },
    ],
    patterns: [
      {
        ...SERVER_IMPORTS_IN_BROWSER[0],
        group: [...SERVER_IMPORTS_IN_BROWSER[0].group, ...allowedServerModules],
      },
      ...SERVER_IMPORTS_IN_BROWSER.slice(1),
      ...(toastLibrary ? [] : [{ ...TOAST_LIBRARY, caseSensitive: true }]),
    ],
  },
];
/** The syntax browser code may not use; `except` lifts a group in the modules that are its one way. */
const browserSyntax = (...except) => [
  'error',
  ...(except.includes('intl') ? [] : [INTL_FORMATTERS]),
  ...BROWSER_DYNAMIC_IMPORTS,
  ...(except.includes('toasts') ? [] : [TOAST_LIBRARY_DYNAMIC]),
];

// Two files in one folder whose names differ only in case (smokingCatalogue.ts beside
// SmokingCatalogue.tsx) are one name on macOS and Windows disks: './SmokingCatalogue' loads
// either. Compared as an import names them, without the extension.
const importStem = (name) => name.replace(/\.[cm]?[jt]sx?$/, '');
const noCaseTwin = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    return {
      Program(node) {
        const name = path.basename(context.filename);
        const stem = importStem(name);
        let siblings;
        try {
          siblings = readdirSync(path.dirname(context.filename));
        } catch {
          return; // text linted with no folder behind it
        }
        const twins = siblings.filter(
          (other) => importStem(other) !== stem && importStem(other).toLowerCase() === stem.toLowerCase(),
        );
        if (twins.length > 0)
          context.report({
            node,
            message: `${name} and ${twins.join(', ')} differ only in case: on macOS and Windows disks they are one name. Rename one.`,
          });
      },
    };
  },
};

export const layerZones = [
  {
    target: './src/platform',
    from: ['./src/features', ...APP],
    message: 'The platform layer never imports a feature or the app (pass what it needs in from src/app).',
  },
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message:
      'Features do not import each other: move what both need into src/platform, or inject it from src/app.',
  })),
  {
    target: './src/features',
    from: APP,
    message: 'Features do not import the app; the app imports them.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'build/',
      '.react-router/',
      'node_modules/',
      'tmp/',
      'data/',
      'test-results/',
      'playwright-report/',
      'tests/fixtures/lint/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The check-in screen's service worker (decision 0041): plain JavaScript, run by the browser as is.
    files: ['public/**/*.js'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-empty-pattern': 'off',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The layers, for everything in src but tests.
    files: ['src/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'no-restricted-syntax': ['error', INTL_FORMATTERS],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*'],
              message: "Import from the same folder ('./x') or through the alias ('~/platform/…').",
            },
          ],
        },
      ],
    },
  },
  {
    // Browser (and shared) code: never server-only modules or Node built-ins. A module is
    // server-only when its name ends in .server.ts; React Router refuses them in the client
    // build too. Type-only imports are erased and allowed.
    files: ['src/**/*.{ts,tsx}'],
    ignores: [...TEST_FILES, 'src/**/*.server.{ts,tsx}', 'src/**/*.d.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': browserImports({ toastLibrary: false }),
      'no-restricted-syntax': browserSyntax(),
      'no-restricted-globals': ['error', ...REQUEST_GLOBALS],
      'no-restricted-properties': ['error', ...REQUEST_PROPERTIES],
    },
  },
  {
    // A route module's `action` runs on the server only: React Router drops it, and what only
    // it imports, from the browser build (and refuses a build where a .server module would
    // remain). The public forms' shared action (decision 0039) is the one such import.
    files: ['src/**/*.route.tsx'],
    ignores: TEST_FILES,
    rules: {
      '@typescript-eslint/no-restricted-imports': browserImports({
        toastLibrary: false,
        allowedServerModules: ['!~/platform/forms/action.server'],
      }),
    },
  },
  {
    // The one place that makes Intl formatters (and keeps them).
    files: ['src/platform/i18n/format.ts'],
    rules: { 'no-restricted-syntax': browserSyntax('intl') },
  },
  {
    // The one place that raises toasts, and the toast region itself.
    files: TOAST_MODULES,
    rules: {
      '@typescript-eslint/no-restricted-imports': browserImports({ toastLibrary: true }),
      'no-restricted-syntax': browserSyntax('toasts'),
    },
  },
  {
    // The one place that calls the API from the browser.
    files: ['src/platform/http/**/*.{ts,tsx}'],
    ignores: [...TEST_FILES, 'src/**/*.server.{ts,tsx}'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off' },
  },
  {
    // Vitest runs the files of a worker in one module graph (vitest.config.ts, isolate: false):
    // a test must not leave mocked modules, fake timers or changed globals behind it.
    files: ['src/**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubEnv', 'stubGlobal', 'useFakeTimers'].map((property) => ({
          object: 'vi',
          property,
          message: 'Vitest shares modules between test files (vitest.config.ts): leave no mock behind.',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "AssignmentExpression[left.object.object.name='process'][left.object.property.name='env']",
          message:
            'Vitest shares the process between test files (vitest.config.ts): pass env to what you start.',
        },
      ],
    },
  },
  {
    // A browser test waits for what would happen (a row, an e-mail, a response, the page's
    // state), never for time (issue 46): a sleep is slow when the machine is quiet and too short
    // when it is busy.
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'Wait for an event or a state (expect.poll, waitForResponse, outboxIdle), not for time.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { local: { rules: { 'no-case-twin': noCaseTwin } } },
    rules: { 'local/no-case-twin': 'error' },
  },
  {
    files: ['eslint.config.js', 'scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
);

import { readdirSync } from 'node:fs';
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
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "NewExpression[callee.object.name='Intl'][callee.property.name=/^(DateTimeFormat|NumberFormat|DisplayNames)$/]",
          message:
            'Use dateTimeFormat() / numberFormat() from ~/platform/i18n/format: a formatter is slow to make, so each is made once and kept.',
        },
      ],
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
    // The one place that makes Intl formatters (and keeps them).
    files: ['src/platform/i18n/format.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Browser (and shared) code: never server-only modules or Node built-ins. A module is
    // server-only when its name ends in .server.ts; React Router refuses them in the client
    // build too. Type-only imports are erased and allowed.
    files: ['src/**/*.{ts,tsx}'],
    ignores: [...TEST_FILES, 'src/**/*.server.{ts,tsx}', 'src/**/*.d.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
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
              group: ['**/*.server', '*.server', '**/*.server.*'],
              allowTypeImports: true,
              message: 'Browser code must not import server-only (.server) modules.',
            },
            {
              group: ['node:*'],
              allowTypeImports: true,
              message: 'Browser code must not use Node built-ins; move this into a .server.ts module.',
            },
          ],
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
    files: ['eslint.config.js', 'scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
);

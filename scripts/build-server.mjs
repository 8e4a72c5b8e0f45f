// `npm run build`, last step: compiles the server's entry points to plain JavaScript in
// build/server/ (beside React Router's index.js), so production runs `node` with no TypeScript
// loader. The app's own code is bundled; packages stay in node_modules.
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'build/server');

/** The programs an operator runs: the server and the command-line tools the README names. */
const SERVER_ENTRIES = {
  main: 'src/app/main.server.ts',
  'create-admin': 'src/app/create-admin.server.ts',
  'backup-cli': 'src/platform/db/backup-cli.server.ts',
};

// Code here reads files next to its source (`new URL('./locales/', import.meta.url)`,
// `content/initial/`). Bundled, import.meta.url would be build/server/main.js; point it back
// at the source file so those paths resolve as they do under tsx.
const sourceLocation = {
  name: 'source-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\/src\/.*\.tsx?$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromOut = path.relative(outdir, args.path).split(path.sep).join('/');
      return {
        contents: source.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(fromOut)}, import.meta.url).href`,
        ),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

await build({
  absWorkingDir: root,
  entryPoints: SERVER_ENTRIES,
  outdir,
  entryNames: '[name]',
  // main.js loads the server with a dynamic import, after it has set NODE_ENV
  // (src/app/main.server.ts): splitting puts what that imports in a chunk of its own, so its
  // packages load after that line. Chunks are written to outdir itself, where the
  // import.meta.url rewrite above expects the code to run.
  bundle: true,
  splitting: true,
  chunkNames: '[name]-[hash]',
  // Every import of a package (not ~/, @content/ or relative) stays an import at run time.
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  tsconfig: path.join(root, 'tsconfig.json'),
  jsx: 'automatic',
  plugins: [sourceLocation],
  logLevel: 'warning',
});
console.log(
  `Compiled the server: ${Object.keys(SERVER_ENTRIES)
    .map((name) => `build/server/${name}.js`)
    .join(', ')}`,
);

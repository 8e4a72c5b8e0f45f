// `npm start`: builds the site and the server when there is no build or the sources are newer,
// then runs the compiled server (plain JavaScript, source maps for stack traces) with the
// embedded database unless DATABASE_URL is set.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtServer = path.join(root, 'build/server/main.js');
const SOURCES = [
  'src',
  'public',
  'content',
  'react-router.config.ts',
  'vite.config.ts',
  'package.json',
  'scripts/build-server.mjs',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = existsSync(builtServer) ? statSync(builtServer).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'Sources changed: rebuilding the site…' : 'Building the site (first start)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', builtServer], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

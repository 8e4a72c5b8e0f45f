import semver from 'semver';
// Bundled into each compiled command: the range is the checkout's own, whatever folder runs it.
// eslint-disable-next-line no-restricted-imports -- package.json has no alias; it is read here only
import packageJson from '../../../package.json' with { type: 'json' };

/**
 * The one line an operator reads when the running Node.js is outside package.json's `engines`
 * (none when it is inside). An unsupported Node once migrated a real database and served it
 * without a word (issue 50, item 3); npm only warns at install, and the service file runs
 * whatever `node` the server has.
 */
export function unsupportedNode(running: string = process.versions.node): string | undefined {
  const wanted = packageJson.engines.node;
  if (semver.satisfies(running, wanted)) return undefined;
  return `Node.js ${running} (${process.execPath}) is not supported: this site needs Node.js ${wanted}. See docs/OPERATING.md, "Node.js on the server".`;
}

/** Every command of the site (server, admin:create, db:backup/restore) starts with this. */
export function exitOnUnsupportedNode(): void {
  const problem = unsupportedNode();
  if (problem === undefined) return;
  console.error(problem);
  process.exit(1);
}

import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { runUntilExit, SERVER_COMPILED } from '@tests/helpers/child-server';
import { unsupportedNode } from '~/platform/config/supported-node.server';

/** Node as the operator's old /usr/bin/node would report itself (issue 50, item 3). */
const OLD_NODE = '20.20.2';
const PRETEND_OLD_NODE = `--import=data:text/javascript,Object.defineProperty(process.versions,'node',{value:'${OLD_NODE}'})`;

describe('a Node.js outside package.json’s engines', () => {
  it('is named in one line with the version the site needs', () => {
    expect(unsupportedNode(process.versions.node)).toBeUndefined();
    expect(unsupportedNode('22.22.0')).toBeUndefined();
    const problem = unsupportedNode(OLD_NODE);
    expect(problem).toContain(`Node.js ${OLD_NODE}`);
    expect(problem).toContain(packageJson.engines.node);
    expect(unsupportedNode('22.21.9')).toBeDefined();
  });

  it.each([
    ['the server', SERVER_COMPILED, []],
    ['admin:create', 'build/server/create-admin.js', ['--email', 'ruta@example.com', '--name', 'Rūta']],
    ['db:backup', 'build/server/backup-cli.js', ['backup', '/nonexistent/backup.tar']],
  ])('stops %s before it opens any database, with that one line', async (_name, script, args) => {
    const run = await runUntilExit(
      { NODE_OPTIONS: PRETEND_OLD_NODE, DATA_DIR: '/nonexistent/bbq-data' },
      { script, args },
    );
    expect(run.code).toBe(1);
    // The child runs this very Node binary, so its line names the same path.
    expect(run.stderr.trim().split('\n')).toEqual([unsupportedNode(OLD_NODE)]);
  });
});

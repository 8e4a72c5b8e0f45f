import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The shipped systemd units (issue 50, item 5): valid for systemd, and one unit's settings in both. */
const SINGLE = 'deploy/bbq-weekend.service';
const TEMPLATE = 'deploy/bbq-weekend@.service';
const analyze = spawnSync('systemd-analyze', ['--version']).error ? undefined : 'systemd-analyze';

/** The unit's settings without comments, with the lines the template changes on purpose taken out. */
function settings(file: string) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .filter((line) => !/^(Description|ExecStart)=/.test(line));
}

describe('the systemd units in deploy/', () => {
  it('the template for several instances has every setting of the single unit, and takes its port from its name', () => {
    expect(settings(TEMPLATE)).toEqual(settings(SINGLE));
    const template = readFileSync(TEMPLATE, 'utf8');
    const single = readFileSync(SINGLE, 'utf8');
    const execStart = (unit: string) => /^ExecStart=(.*)$/m.exec(unit)![1]!;
    expect(execStart(template)).toBe(`/usr/bin/env PORT=%i ${execStart(single)}`);
  });

  it.runIf(analyze)('pass systemd-analyze verify, the template as an instance', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bbq-units-'));
    try {
      copyFileSync(SINGLE, path.join(dir, 'bbq-weekend.service'));
      copyFileSync(TEMPLATE, path.join(dir, 'bbq-weekend@.service'));
      for (const unit of ['bbq-weekend.service', 'bbq-weekend@3001.service']) {
        const run = spawnSync(analyze!, ['verify', '--man=no', unit], { cwd: dir, encoding: 'utf8' });
        // It names what it cannot find or parse on stderr (a missing /usr/bin/node included).
        expect(
          run.stderr.split('\n').filter((line) => line.includes(unit.replace('3001', ''))),
          run.stderr,
        ).toEqual([]);
        expect(run.status, run.stderr).toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

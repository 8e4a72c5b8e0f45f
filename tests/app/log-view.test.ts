import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** `npm run logs`: the server's JSON log as lines a person reads (issue 50, item 8). */
describe('npm run logs', () => {
  it('turns JSON lines into a local time, a level and the message, with the fields below', () => {
    const at = new Date(2026, 7, 15, 14, 5, 9); // local time, as the operator's clock shows it
    const line = JSON.stringify({
      level: 40,
      time: at.getTime(),
      pid: 4242,
      hostname: 'vm',
      problems: ['disk_full'],
      msg: 'health check: degraded',
    });
    const run = spawnSync('npm', ['run', '-s', 'logs'], { input: `${line}\n`, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('[2026-08-15 14:05:09] WARN: health check: degraded');
    expect(run.stdout).toContain('disk_full');
    expect(run.stdout).not.toContain('4242');
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupTarget } from './backup.server';

describe('where a backup is written', () => {
  const at = new Date('2026-07-04T10:15:00.250Z');
  let folder: string;
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('names a new file in a folder by the time, and never reuses a name (issue 50, item 8)', () => {
    folder = mkdtempSync(path.join(tmpdir(), 'bbq-backup-target-'));
    const first = backupTarget(folder, 'pglite', at);
    expect(first).toBe(path.join(folder, 'bbq-backup-2026-07-04T10-15-00Z.pglite.tar.gz'));
    writeFileSync(first, 'taken');
    const second = backupTarget(folder, 'pglite', at);
    expect(second).toBe(path.join(folder, 'bbq-backup-2026-07-04T10-15-00Z-2.pglite.tar.gz'));
    writeFileSync(`${second}.partial`, 'being written'); // a backup of the same second under way
    expect(backupTarget(folder, 'pglite', at)).toBe(
      path.join(folder, 'bbq-backup-2026-07-04T10-15-00Z-3.pglite.tar.gz'),
    );
    expect(backupTarget(`${folder}/`, 'postgres', at)).toBe(
      path.join(folder, 'bbq-backup-2026-07-04T10-15-00Z.pgdump'),
    );
  });

  it('takes a file name as given, existing or not (the command refuses an existing one)', () => {
    folder = mkdtempSync(path.join(tmpdir(), 'bbq-backup-target-'));
    const named = path.join(folder, 'daily.pglite.tar.gz');
    expect(backupTarget(named, 'pglite', at)).toBe(named);
    writeFileSync(named, 'taken');
    expect(backupTarget(named, 'pglite', at)).toBe(named);
  });
});

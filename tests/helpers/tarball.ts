import { gunzipSync } from 'node:zlib';

export interface TarEntry {
  name: string;
  /** Permission bits only (0o600…). */
  mode: number;
  /** ustar type flag: '0' (or '') a file, '5' a folder. */
  type: string;
}

/** Every entry of a gzipped tarball, read from its ustar headers (enough to check modes). */
export function tarEntries(gzipped: Buffer): TarEntry[] {
  const tar = gunzipSync(gzipped);
  const entries: TarEntry[] = [];
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (start: number, length: number) =>
      header
        .toString('latin1', start, start + length)
        .replace(/\0.*$/s, '')
        .trim();
    const size = parseInt(field(124, 12) || '0', 8);
    entries.push({ name: field(0, 100), mode: parseInt(field(100, 8), 8) & 0o777, type: field(156, 1) });
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}

/** The entries that are not the owner's only: folders not 0700, files not 0600. */
export function notPrivateEntries(gzipped: Buffer): TarEntry[] {
  return tarEntries(gzipped).filter((entry) => entry.mode !== (entry.type === '5' ? 0o700 : 0o600));
}

// After `react-router build`: writes .br and .gz next to every compressible file, so the
// server sends precompressed bytes (no compression work per request).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '../build/client');
const COMPRESSIBLE = /\.(html|js|css|json|svg|txt|xml|webmanifest|ics)$/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name) && statSync(full).size >= 512) yield full;
  }
}

let count = 0;
for (const file of files(root)) {
  const data = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  count++;
}
console.log(`Precompressed ${count} files in build/client`);

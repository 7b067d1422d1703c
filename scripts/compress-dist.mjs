// Writes a Brotli (.br) and a gzip (.gz) sibling of every compressible file of the built console, so
// the API server sends compressed bytes without compressing per request (@fastify/static
// `preCompressed`). Run by `npm run build` after `vite build`. Usage: node scripts/compress-dist.mjs [dir]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

export function compressDir(dir) {
  let count = 0;
  let before = 0;
  let after = 0;
  for (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_BYTES) continue;
    const bytes = readFileSync(path);
    const br = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gz = gzipSync(bytes, { level: 9 });
    // A sibling only when it saves something; otherwise the plain file is served.
    if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
    if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
    count += 1;
    before += bytes.length;
    after += Math.min(br.length, bytes.length);
  }
  return { count, before, after };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? 'dist';
  const { count, before, after } = compressDir(dir);
  const kB = (n) => `${(n / 1000).toFixed(0)} kB`;
  console.log(`compressed ${count} files in ${dir}/: ${kB(before)} → ${kB(after)} with Brotli (plus .gz)`);
}

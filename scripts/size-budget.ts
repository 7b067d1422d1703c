// `npm test`'s size check on the built console (dist/, after `npm run build`): the JS a first visit to
// the login page and to the signed-in shell downloads before it paints, gzip, against the budgets of
// bench/first-load.ts. The figure is deterministic (the module graph of the build manifest, zlib's default
// level), unlike Lighthouse, which stays in `npm run bench`. It also checks that React is what renders.
import { join } from 'node:path';
import { FIRST_LOAD_BUDGET, firstLoadJs, kB, PAGES, readManifest } from '../bench/first-load.ts';
import { detectRuntime } from '../bench/runtime.ts';

const DIST = join(import.meta.dirname, '..', 'dist');
const manifest = readManifest(DIST);
let over = 0;
const all = new Set<string>();
for (const [name, page] of Object.entries(PAGES)) {
  const load = firstLoadJs(DIST, manifest, [...page.routes], [...page.before]);
  for (const f of load.files) all.add(f.file);
  const budget = FIRST_LOAD_BUDGET[name as keyof typeof FIRST_LOAD_BUDGET];
  const ok = load.gzip <= budget;
  if (!ok) over++;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${page.path}: ${kB(load.gzip)} gzip in ${load.files.length} files (budget ${kB(budget)})`,
  );
  if (!ok) for (const f of load.files.slice(0, 8)) console.log(`       ${kB(f.gzip).padStart(9)}  ${f.file}`);
}
const runtime = detectRuntime(DIST, [...all]);
console.log(runtime ? `ok   runtime: ${runtime}` : 'FAIL runtime: no react-dom in the first-load chunks');
if (over > 0 || !runtime) {
  console.log(
    over > 0
      ? 'A first load is over its budget: load the new code lazily (a route, a dialog, a library on demand).'
      : 'The console must render with React (docs/decisions.md).',
  );
  process.exit(1);
}

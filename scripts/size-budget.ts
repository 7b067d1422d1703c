// `npm test`'s size check on the built console (dist/, after `npm run build`): the JS a first visit to
// the login page and to the signed-in shell downloads before it paints, gzip, against the budgets of
// bench/first-load.ts. The figure is deterministic (the module graph of the build manifest, zlib's default
// level), unlike Lighthouse, which stays in `npm run bench`. It also checks that React is what renders,
// and that the viewers' pages (embed, classroom, studio) never load the console's app chunk: it renders the
// console, and on their pages it throws before they show anything.
import { readFileSync } from 'node:fs';
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
const appChunks = new Set(Object.keys(manifest).filter((key) => /^_app-/.test(key)));
let viewerOver = 0;
for (const page of ['embed.html', 'classroom.html', 'studio.html']) {
  const seen = new Set<string>();
  const stack = [page];
  while (stack.length > 0) {
    const key = stack.pop()!;
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  const html = readFileSync(join(DIST, page), 'utf8');
  const loadsApp =
    [...seen].some((key) => appChunks.has(key)) ||
    [...appChunks].some((key) => html.includes(manifest[key]!.file));
  if (loadsApp) viewerOver++;
  console.log(
    `${loadsApp ? 'FAIL' : 'ok  '} ${page}: ${loadsApp ? 'loads' : 'never loads'} the console's app chunk`,
  );
}
if (over > 0 || !runtime || viewerOver > 0) {
  console.log(
    over > 0
      ? 'A first load is over its budget: load the new code lazily (a route, a dialog, a library on demand).'
      : viewerOver > 0
        ? "A viewer page imports a module that went into the console's app chunk: name it in vite.config.ts's VIEWER_SHARED."
        : 'The console must render with React (docs/decisions.md).',
  );
  process.exit(1);
}

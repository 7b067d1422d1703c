import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The first-load budgets for React 19 (docs/decisions.md "React 19 runs the console"), in gzip
 * bytes: checked by `npm test` (scripts/size-budget.ts) and printed by `npm run bench`. */
// login: 135 kB, plus what ofetch costs (the console's HTTP client, docs/decisions.md "The console's
// HTTP client and cache persister"): measured 133,565 → 137,319 B (+3,754 B, ufo and destr included);
// the shell went 225,469 → 229,230 B under its unchanged 230 kB.
export const FIRST_LOAD_BUDGET = { login: 138_800, shell: 230_000 } as const;

/** Loaded before the first render of any page (src/lib/i18n.ts): the default locale's core catalogue… */
export const CATALOGUE = 'src/locales/pt-BR/messages.po';
/** …and before the first signed-in page (src/routes/_authed.tsx): the texts of the console's pages. */
export const PAGE_TEXTS = 'src/locales/pt-BR/pages.po';

/** Each budgeted page: its URL, the route files of its chain (root is in the entry) and the catalogues
 * loaded before its first render. */
export const PAGES = {
  login: {
    path: '/auth/login',
    routes: ['src/routes/auth/route.tsx', 'src/routes/auth/login.tsx'],
    before: [CATALOGUE],
  },
  shell: {
    path: '/streaming',
    routes: [
      'src/routes/_authed.tsx',
      'src/routes/_authed/_shell.tsx',
      'src/routes/_authed/_shell/streaming/index.tsx',
    ],
    before: [CATALOGUE, PAGE_TEXTS],
  },
} as const;

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** A key and every chunk it imports statically, transitively. */
function staticClosure(manifest: Manifest, keys: string[], into = new Set<string>()): Set<string> {
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop()!;
    if (into.has(key) || !manifest[key]) continue;
    into.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return into;
}

/** The code-split parts of the route files of one page (its chain from the root, e.g.
 * `src/routes/auth/route.tsx`, `src/routes/auth/login.tsx`). The router loads every split part
 * (component, error and not-found components) of each matched route. */
export function routeChunkKeys(manifest: Manifest, routeFiles: string[]): string[] {
  return Object.keys(manifest).filter(
    (k) => k.includes('?tsr-split') && routeFiles.includes(k.slice(0, k.indexOf('?'))),
  );
}

export interface FirstLoad {
  files: Array<{ file: string; raw: number; gzip: number }>;
  raw: number;
  gzip: number;
}

/** The viewers' and presenters' pages (the embed player, the classroom, the studio): entries of the same
 * build that the console never loads. */
const VIEWER_PAGES = /^(embed|classroom|studio)\.html$/;

/** The JS a first visit to a route downloads before it can paint: the entry (index.html's module) and
 * its static imports, each route module of the route's chain, the modules the app always loads before
 * its first render (`before`: the active locale's catalogue), and their static imports. */
export function firstLoadJs(
  distDir: string,
  manifest: Manifest,
  routeFiles: string[],
  before: string[] = [],
): FirstLoad {
  const entry = Object.keys(manifest).filter((k) => manifest[k]!.isEntry && !VIEWER_PAGES.test(k));
  const missing = before.filter((k) => !manifest[k]);
  if (missing.length > 0) throw new Error(`not in the build manifest: ${missing.join(', ')}`);
  const keys = staticClosure(manifest, [...entry, ...routeChunkKeys(manifest, routeFiles), ...before]);
  return sizes(
    distDir,
    [...keys].map((k) => manifest[k]!.file),
  );
}

/** Raw and gzip (zlib default level, as servers send it) sizes of built JS files, largest first. */
export function sizes(distDir: string, fileNames: string[]): FirstLoad {
  const files = [...new Set(fileNames)]
    .filter((f) => f.endsWith('.js'))
    .map((file) => {
      const buf = readFileSync(join(distDir, file));
      return { file, raw: buf.length, gzip: gzipSync(buf).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
  return {
    files,
    raw: files.reduce((s, f) => s + f.raw, 0),
    gzip: files.reduce((s, f) => s + f.gzip, 0),
  };
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Files of the modules whose id matches `pattern` (e.g. shaka-player, uplot) as the manifest names them. */
export function chunksOf(manifest: Manifest, pattern: RegExp): string[] {
  return Object.entries(manifest)
    .filter(([key, chunk]) => pattern.test(key) || (chunk.src !== undefined && pattern.test(chunk.src)))
    .map(([, chunk]) => chunk.file);
}

import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// A production install is `npm ci --omit=dev` after the build (docs/deployment.md "Production
// install"): what the bundled server loads must be in `dependencies`, and only that, so build tools
// never ship and a runtime package is never left out. Checked from the same esbuild build as
// `npm run build:server` (its entry points are read from the script), so a new import cannot slip by.
const root = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};
const runtime = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.optionalDependencies ?? {})]);
const declared = new Set([...runtime, ...Object.keys(pkg.devDependencies)]);
const builtins = new Set(builtinModules);

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`; null for Node's own modules. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('node:') || builtins.has(specifier.split('/')[0]!)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(resolve(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => pattern.test(file))
    .map((file) => resolve(root, dir, file));
}

/** `npm run build:server`'s build, in memory (nothing written), made once for the tests below. */
let built: ReturnType<typeof build<{ write: false; metafile: true }>> | undefined;
function bundle() {
  const entryPoints = [...pkg.scripts['build:server']!.matchAll(/(server\/src\/\S+\.ts)/g)].map((m) => m[1]!);
  expect(entryPoints).toContain('server/src/server.ts');
  built ??= build({
    entryPoints: entryPoints.map((entry) => join(root, entry)),
    bundle: true,
    platform: 'node',
    format: 'esm',
    splitting: true,
    target: 'node24',
    packages: 'external',
    outbase: join(root, 'server/src'),
    outdir: join(root, 'server/dist'),
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return built;
}

/** The packages the bundled server imports, as `npm run build:server` bundles it. */
async function bundledImports(): Promise<Set<string>> {
  const result = await bundle();
  const names = new Set<string>();
  for (const output of Object.values(result.metafile.outputs))
    for (const entry of output.imports) {
      const name = entry.external ? packageOf(entry.path) : null;
      if (name) names.add(name);
    }
  return names;
}

/** Packages the server finds by path at run time (`createRequire(...).resolve('pkg/file')`, data files). */
function resolvedByPath(): Set<string> {
  const names = new Set<string>();
  for (const file of filesUnder('server/src', /\.ts$/)) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/\.resolve\(\s*\n?\s*['`]((?:@[\w.-]+\/)?[\w.-]+)[/'`]/g))
      names.add(m[1]!);
    for (const m of source.matchAll(/require\(\s*['`]((?:@[\w.-]+\/)?[\w.-]+)[/'`]/g)) names.add(m[1]!);
  }
  return names;
}

describe('package.json for a production install (--omit=dev)', () => {
  it('every package the bundled server loads is a runtime dependency', async () => {
    const used = new Set([...(await bundledImports()), ...resolvedByPath()]);
    expect(used).toContain('fastify');
    expect([...used].filter((name) => !runtime.has(name)).sort()).toEqual([]);
  }, 60_000);

  it('every runtime dependency is loaded by the server (build-only tools are devDependencies)', async () => {
    const used = new Set([...(await bundledImports()), ...resolvedByPath()]);
    // `node`: the project's own Node 24, which bin/serve runs the server with (docs/deployment.md).
    used.add('node');
    // The Whisper addon is required by a name built from the platform (server/src/media/speech.ts).
    for (const name of runtime) if (name.startsWith('@fugood/node-whisper-')) used.add(name);
    expect([...runtime].filter((name) => !used.has(name)).sort()).toEqual([]);
  }, 60_000);

  it('every package the scripts import is declared', () => {
    const imported = new Set<string>();
    for (const file of filesUnder('scripts', /\.(m?js|ts)$/))
      for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'([^'.][^']*)'/g)) {
        const name = packageOf(m[1]!);
        if (name) imported.add(name);
      }
    expect(imported).toContain('pofile');
    expect([...imported].filter((name) => !declared.has(name)).sort()).toEqual([]);
  });
});

// What the server holds in memory at start (docs/server.md "Memory"): V8 keeps every loaded module's
// source text, and every package imported statically is loaded at start whether or not it is used.
describe('the bundled server, for its memory', () => {
  it('is ASCII, so V8 keeps its source in one byte a character (one dash made it two)', async () => {
    const { outputFiles } = await bundle();
    const scripts = outputFiles.filter((file) => !file.path.endsWith('.map'));
    expect(scripts.length).toBeGreaterThan(1);
    for (const file of scripts) {
      const wide = file.text.split('\n').findIndex((line) => /[^ -~\t\r]/.test(line));
      expect(wide, `${file.path}:${wide + 1}`).toBe(-1);
    }
  }, 60_000);

  it('loads the bucket client, the image library, the mailer and the rarer parsers only when one is used', async () => {
    const { metafile } = await bundle();
    const entry = Object.entries(metafile.outputs).find(
      ([, output]) => output.entryPoint === 'server/src/server.ts',
    );
    expect(entry).toBeDefined();
    const atStart = new Set<string>();
    // Everything the entry loads before it runs: its static imports, and theirs among the chunks.
    const visit = (file: string) => {
      for (const imported of metafile.outputs[file]?.imports ?? []) {
        if (imported.kind !== 'import-statement') continue;
        if (imported.external) atStart.add(packageOf(imported.path) ?? imported.path);
        else if (!atStart.has(imported.path)) {
          atStart.add(imported.path);
          visit(imported.path);
        }
      }
    };
    visit(entry![0]);
    expect(atStart).toContain('fastify');
    for (const lazy of [
      '@aws-sdk/client-s3',
      '@aws-sdk/lib-storage',
      '@aws-sdk/s3-request-presigner',
      'sharp',
      'nodemailer',
      // Two-factor set-up and codes; the first view's user agent and network tables; a CSV of streams
      // and the dashboard's day.
      'otpauth',
      'qrcode',
      'bowser',
      'csv-parse',
      'temporal-polyfill',
    ])
      expect(atStart, lazy).not.toContain(lazy);
  }, 60_000);
});

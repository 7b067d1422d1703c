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

/** The packages the bundled server imports, as `npm run build:server` bundles it (nothing written). */
async function bundledImports(): Promise<Set<string>> {
  const entryPoints = [...pkg.scripts['build:server']!.matchAll(/(server\/src\/\S+\.ts)/g)].map((m) => m[1]!);
  expect(entryPoints).toContain('server/src/server.ts');
  const result = await build({
    entryPoints: entryPoints.map((entry) => join(root, entry)),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    outbase: join(root, 'server/src'),
    outdir: join(root, 'server/dist'),
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
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

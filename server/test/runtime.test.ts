import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  allowScripts?: Record<string, boolean>;
};
const lock = JSON.parse(readFileSync(resolve(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { hasInstallScript?: boolean; dev?: boolean; optional?: boolean }>;
};

/** PATH as a fresh machine has it: the machine's own node and npm, not the project's bin folder. */
function machinePath(): string {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => !dir.includes('node_modules'))
    .join(delimiter);
}

describe('the runtime', () => {
  it('npm scripts run on the current LTS (Node 24), whatever Node the machine has', () => {
    // `npm start` and `npm test` run `node` through npm, which puts the project's bin folder first.
    const run = spawnSync('npm', ['exec', '--', 'node', '-p', 'process.versions.node'], {
      cwd: root,
      env: { ...process.env, PATH: machinePath() },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    const major = Number(run.stdout.trim().split('.')[0]);
    expect(major).toBeGreaterThanOrEqual(24);
    expect(pkg.engines.node).toMatch(/^>=\s*24/);
  });

  // Each one is decided explicitly: true runs it; false (swagger-ui-dist's @scarf/scarf, a download
  // analytics ping) keeps it off.
  it('every install script of the dependencies is decided explicitly', () => {
    const needing = new Set(
      Object.entries(lock.packages)
        .filter(([path, entry]) => path !== '' && entry.hasInstallScript)
        .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)),
    );
    expect(needing.size).toBeGreaterThan(0);
    for (const name of needing) expect(typeof pkg.allowScripts?.[name], name).toBe('boolean');
    expect(pkg.allowScripts?.esbuild).toBe(true);
  });
});

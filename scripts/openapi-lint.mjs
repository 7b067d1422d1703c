// `npm test`'s OpenAPI check: builds the server on a throwaway DATA_DIR (embedded database, no ingest),
// writes the document it serves at /docs/json to test-results/openapi.json and lints it with
// `redocly lint` (recommended rules, redocly.yaml). Exits with redocly's status.
// Run as `node --import tsx scripts/openapi-lint.mjs` (the server is TypeScript, imported at run time).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const { buildApp } = await import('../server/src/app.ts');
const { loadConfig } = await import('../server/src/config.ts');

const dataDir = mkdtempSync(join(tmpdir(), 'palco-openapi-'));
const out = 'test-results/openapi.json';
let status = 1;
try {
  const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'https://palco.example', INGEST_PORT: 'off' });
  const app = await buildApp({
    ...config,
    dataDir,
    databaseUrl: undefined,
    staticDir: join(dataDir, 'none'),
  });
  const res = await app.inject({ method: 'GET', url: '/docs/json' });
  await app.close();
  if (res.statusCode !== 200) throw new Error(`/docs/json answered ${res.statusCode}`);
  mkdirSync('test-results', { recursive: true });
  writeFileSync(out, JSON.stringify(res.json(), null, 1));
  const lint = spawnSync(
    'node_modules/.bin/redocly',
    ['lint', '--config', 'redocly.yaml', '--format=stylish', out],
    {
      stdio: 'inherit',
      // No network: no telemetry, no update check.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  status = lint.status ?? 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);

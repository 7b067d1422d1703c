// `npm test`: every check, in order, and one honest closing line "N passed, N failed".
// Lint, typecheck, the catalog check and the OpenAPI lint count as one test each; vitest and
// Playwright report their own.
// The server tests run twice, side by side: on embedded PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set (.ci/run starts a throwaway PostgreSQL server and sets it).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';

const results = [];
mkdirSync('test-results', { recursive: true });

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status === 0;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

function check(label, cmd, args) {
  const ok = run(label, cmd, args);
  results.push({ label, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

function vitestArgs(project, out) {
  return [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}`,
  ];
}

const firstLine = (text) =>
  String(text ?? '')
    .split('\n')[0]
    .slice(0, 300);

/** What failed in a vitest JSON report, a line each (the file, the test, the first line of its error). */
function vitestFailures(report) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const where = file.name.replace(`${process.cwd()}/`, '');
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) {
      lines.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    }
    if (file.status === 'failed' && failedTests.length === 0) {
      lines.push(`${where}: ${firstLine(file.message)}`);
    }
  }
  return lines;
}

function vitestResult(label, out, ok) {
  const report = readJson(out);
  if (!report) return { label, passed: 0, failed: 1 };
  const failed = report.numFailedTests + (ok || report.numFailedTests > 0 ? 0 : 1);
  return {
    label,
    passed: report.numPassedTests,
    failed,
    skipped: report.numPendingTests,
    failures: vitestFailures(report),
  };
}

function vitest(label, project, env = {}) {
  const out = `test-results/vitest-${label}.json`;
  rmSync(out, { force: true });
  const ok = run(label, 'npx', vitestArgs(project, out), env);
  results.push(vitestResult(label, out, ok));
}

/**
 * Independent vitest passes at once (the server suite on PGlite and on PostgreSQL), each one's output
 * kept and printed whole when it ends, so the two never interleave.
 */
async function vitestTogether(passes) {
  const ended = await Promise.all(
    passes.map(({ label, project, env = {}, extraArgs = [] }) => {
      const out = `test-results/vitest-${label}.json`;
      rmSync(out, { force: true });
      const args = [...vitestArgs(project, out), ...extraArgs];
      console.log(`\n▶ ${label}: npx ${args.join(' ')} (in parallel)`);
      return new Promise((resolvePass) => {
        const child = spawn('npx', args, {
          env: { ...process.env, ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const chunks = [];
        child.stdout.on('data', (c) => chunks.push(c));
        child.stderr.on('data', (c) => chunks.push(c));
        child.on('close', (code) => {
          console.log(`\n▶ ${label} ended (exit ${code}):`);
          process.stdout.write(Buffer.concat(chunks));
          resolvePass({ label, out, ok: code === 0 });
        });
      });
    }),
  );
  for (const { label, out, ok } of ended) results.push(vitestResult(label, out, ok));
}

/**
 * Server test files that cannot reach a database: they import none of the test-server helpers
 * (`*helpers.ts`), nothing under server/src/db, the app or the server entry, and never name
 * DATABASE_URL. Anything that might open one stays in both passes.
 */
function databaseFreeServerTests() {
  const reachesDatabase = /helpers\.ts'|src\/db\/|src\/app|src\/server|DATABASE_URL/;
  return readdirSync('server/test')
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `server/test/${name}`)
    .filter((file) => !reachesDatabase.test(readFileSync(file, 'utf8')));
}

/** Server test files whose work is media (ffmpeg ladders, WebRTC sessions, simulcast pushes), run in one
 * database pass only when both run. */
const MEDIA_ONCE = [
  'server/test/whip-interop.test.ts',
  'server/test/whip.test.ts',
  'server/test/realtime-live.test.ts',
  'server/test/playback-live.test.ts',
  'server/test/simulcast.test.ts',
  'server/test/simulcast-push.test.ts',
  'server/test/studio-guest-media.test.ts',
  'server/test/transcode-queue.test.ts',
];

check('lint', 'npx', ['biome', 'check', '.']);
check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
check('i18n catalogs complete', 'node', ['scripts/i18n.mjs', '--check']);
// The served OpenAPI document, linted with redocly's recommended rules (redocly.yaml).
check('openapi lint', 'node', ['--import', 'tsx', 'scripts/openapi-lint.mjs']);
vitest('unit', 'unit');
// The shared UI wrappers rendered and clicked in Debian's chromium (vitest browser mode).
vitest('components', 'components');
// The PGlite pass never inherits a DATABASE_URL from the shell (it would silently be a second
// PostgreSQL pass); `undefined` removes the variable from the child's environment.
let missingPass = null;
const pglitePass = { label: 'server-pglite', project: 'server', env: { DATABASE_URL: undefined } };
const serverPasses = [pglitePass];
if (process.env.TEST_DATABASE_URL) {
  // Media-heavy files (real encoders, WebRTC peers, minutes of live video) reach the database only
  // through repositories the other files prove on both: with PostgreSQL beside, they run once, in its
  // pass (the shorter one), instead of twice at once on 2 cores (docs/decisions.md "One pass for the
  // media tests").
  pglitePass.extraArgs = MEDIA_ONCE.flatMap((file) => ['--exclude', file]);
  console.log(`\n▶ server-pglite leaves ${MEDIA_ONCE.length} media-heavy files to the PostgreSQL pass`);
  // The PostgreSQL pass proves the database layer: a server test file that never opens a database
  // (no test server, no repository, no app; e.g. the WebRTC core, parsers) runs once, in the PGlite
  // pass. Running it twice side by side only doubled the load on the media tests' timing.
  const dbFree = databaseFreeServerTests();
  console.log(`\n▶ server-postgresql leaves ${dbFree.length} database-free files to the PGlite pass`);
  serverPasses.push({
    label: 'server-postgresql',
    project: 'server',
    env: { DATABASE_URL: process.env.TEST_DATABASE_URL },
    extraArgs: dbFree.flatMap((file) => ['--exclude', file]),
  });
} else if (process.env.CI) {
  // CI must prove both databases: a CI without PostgreSQL fails rather than passing on half the suite.
  console.log(
    '\n▶ server-postgresql: TEST_DATABASE_URL is not set in CI (.ci/run starts PostgreSQL and sets it)',
  );
  missingPass = { label: 'server-postgresql (no database)', passed: 0, failed: 1 };
} else {
  console.log('\n▶ server-postgresql: skipped (set TEST_DATABASE_URL to a PostgreSQL server to run it)');
  missingPass = { label: 'server-postgresql', passed: 0, failed: 0, skippedPass: true };
}
await vitestTogether(serverPasses);
if (missingPass) results.push(missingPass);

if (run('build', 'npm', ['run', '--silent', 'build'])) {
  results.push({ label: 'build', passed: 1, failed: 0 });
  // First-load bytes of the login page and the shell against their budgets (scripts/size-budget.ts).
  check('first-load budget', 'node', ['--import', 'tsx', 'scripts/size-budget.ts']);
  const out = 'test-results/e2e.json';
  rmSync(out, { force: true });
  const ok = run('e2e', 'npx', ['playwright', 'test']);
  const stats = readJson(out)?.stats;
  if (stats) {
    results.push({
      label: 'e2e',
      passed: stats.expected + stats.flaky,
      failed: stats.unexpected + (ok || stats.unexpected > 0 ? 0 : 1),
      skipped: stats.skipped,
    });
  } else results.push({ label: 'e2e', passed: 0, failed: 1 });
} else {
  results.push({ label: 'build', passed: 0, failed: 1 });
  results.push({ label: 'e2e (not run: build failed)', passed: 0, failed: 1 });
}

console.log('\nSummary');
for (const r of results) {
  if (r.skippedPass) {
    console.log(`  ${r.label.padEnd(28)} skipped (TEST_DATABASE_URL not set)`);
    continue;
  }
  console.log(
    `  ${r.label.padEnd(28)} ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`,
  );
  // The failed tests again here, where the end of a long log still shows them.
  for (const line of r.failures ?? []) console.log(`    ✘ ${line}`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const skipped = results.reduce((n, r) => n + (r.skipped ?? 0), 0);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 && existsSync('package.json') ? 0 : 1);

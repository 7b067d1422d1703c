import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, E2E_BASE_URL, E2E_DATA_DIR, E2E_INGEST_PORT, E2E_PORT } from './e2e/support/env';

// End-to-end tests drive the built console (dist/, from `npm run build`) served by the real API server
// on a fresh embedded database. Debian's chromium, never a downloaded browser.
export default defineConfig({
  testDir: 'e2e',
  // e2e/deploy runs against the production topology: playwright.deploy.config.ts (npm run test:deploy).
  testIgnore: 'deploy/**',
  fullyParallel: false,
  // One worker: the tests share the seeded demo users, whose team choice lives on the server.
  workers: 1,
  retries: 0,
  // A stray `test.only` would run one test and call the run green: refused everywhere (use `-g` to focus).
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // Fails the run when the server answered any request with a 5xx (its log says so).
  globalTeardown: './e2e/support/no-5xx.ts',
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'pt-BR',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The built console is copied first, so a build running meanwhile cannot change what is served.
    command: `rm -rf ${E2E_DATA_DIR} && mkdir -p ${E2E_DATA_DIR} && cp -r dist ${E2E_DATA_DIR}/dist && exec bin/serve > ${E2E_DATA_DIR}/server.log 2>&1`,
    url: `${E2E_BASE_URL}/healthz`,
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      STATIC_DIR: `${E2E_DATA_DIR}/dist`,
      LOG_LEVEL: 'warn',
      // RTMP ingest on a free port of its own (e2e/streaming-ingest.spec.ts publishes to it).
      INGEST_PORT: String(E2E_INGEST_PORT),
      INGEST_HOST: '127.0.0.1',
      // WebRTC on loopback, where the browser is (e2e/whip.spec.ts publishes over WHIP).
      WEBRTC_INTERFACE: '127.0.0.1',
      // The viewer's country, as a trusted CDN would tell it (e2e/embed.spec.ts sets it per request).
      TRUSTED_COUNTRY_HEADER: 'x-e2e-country',
      // The webhook spec's receiver is a local HTTP server (docs/webhooks.md "Addresses").
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // The browser contexts of e2e/analytics.spec.ts name their client address (a viewer in São Paulo,
      // one in Rio) as a proxy in front would.
      TRUST_PROXY: '127.0.0.1',
      // One WebRTC viewer per live: e2e/embed-whep.spec.ts's second viewer meets the limit and plays HLS.
      WHEP_MAX_VIEWERS_PER_LIVE: '1',
      // The fresh database is a copy of the migrated template the server tests keep (docs/server.md "A new
      // embedded database from a template"), when one was made on this machine.
      PGLITE_TEMPLATE_DIR: process.env.PGLITE_TEMPLATE_DIR ?? join(tmpdir(), 'palco-pglite-templates'),
    },
    reuseExistingServer: false,
    // A fresh embedded database migrates and seeds before /healthz answers: on a busy 2-core machine
    // that alone has taken over two minutes.
    timeout: 400_000,
  },
});

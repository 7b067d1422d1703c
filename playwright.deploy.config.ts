import { defineConfig, devices } from '@playwright/test';
import { DEPLOY_BASE_URL } from './e2e/deploy/topology';
import { CHROMIUM_ARGS } from './e2e/support/env';

// The browser against the production topology of deploy/local/up.sh (nginx with TLS in front of two
// instances on PostgreSQL, s3rver, an SMTP server): brought up by the global setup, stopped after.
// Run by `npm run test:deploy` after the fault tests (docs/operations.md "The console through the proxy").
export default defineConfig({
  testDir: 'e2e/deploy',
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  globalSetup: './e2e/deploy/topology.ts',
  reporter: [['list']],
  use: {
    baseURL: DEPLOY_BASE_URL,
    // The topology's certificate is self-signed (up.sh makes it).
    ignoreHTTPSErrors: true,
    locale: 'pt-BR',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // ignoreHTTPSErrors lets pages load, but Chromium still refuses to register a service worker whose
      // script came over a certificate it does not trust; the browser's own flag covers that fetch too.
      args: [...CHROMIUM_ARGS, '--ignore-certificate-errors'],
    },
  },
  projects: [{ name: 'deploy', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});

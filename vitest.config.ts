/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

// Three projects: `unit` (console code, beside the sources), `components` (the shared UI wrappers
// rendered in a real browser, `*.browser.test.tsx`: docs/decisions.md) and `server` (the API against a
// real embedded database; PostgreSQL when DATABASE_URL is set).
const consolePlugins = () => [
  babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
  lingui(),
  vanillaExtractPlugin(),
];
const alias = {
  '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
  '@': fileURLToPath(new URL('./src', import.meta.url)),
};

export default defineConfig({
  test: {
    projects: [
      {
        plugins: consolePlugins(),
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
          exclude: ['src/**/*.browser.test.tsx'],
          environment: 'node',
        },
      },
      {
        plugins: consolePlugins(),
        resolve: { alias },
        // Every dependency the tests reach is pre-bundled up front, found from the test files each run:
        // one found mid-run (a cache from before a new test) reloads the page and is bundled apart,
        // with a second copy of React.
        optimizeDeps: { entries: ['src/**/*.browser.test.tsx'], force: true },
        test: {
          name: 'components',
          include: ['src/**/*.browser.test.tsx'],
          browser: {
            enabled: true,
            headless: true,
            // Debian's chromium (as the e2e tests), never a downloaded browser.
            provider: playwright({
              launchOptions: {
                executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
                args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
              },
            }),
            instances: [{ browser: 'chromium' }],
            viewport: { width: 1024, height: 768 },
            screenshotFailures: false,
          },
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/test/**/*.test.ts'],
          environment: 'node',
          // Two passes (PGlite and PostgreSQL) share the 2 cores in CI: a test that took 10 s alone can
          // take three times that there, and only a hang should fail on time.
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // One PGlite per file is heavy on 2 cores: files run one after another.
          fileParallelism: false,
        },
      },
    ],
  },
});

/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';

// Two projects: `unit` (console code, beside the sources) and `server` (the API against a real
// embedded database; PostgreSQL when DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [
          babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
          lingui(),
          vanillaExtractPlugin(),
        ],
        resolve: {
          alias: {
            '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
            '@': fileURLToPath(new URL('./src', import.meta.url)),
          },
        },
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 180_000,
          // One PGlite per file is heavy on 2 cores: files run one after another.
          fileParallelism: false,
        },
      },
    ],
  },
});

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { isMigrated } from '../src/db/migrator.ts';
import { createTestStore, loginAs, type TestStore, testConfig } from './helpers.ts';

// docs/server.md "A new embedded database from a template": the embedded engine only (on PostgreSQL
// every test database is created by the server, from its own template).
describe.skipIf(Boolean(process.env.DATABASE_URL))('a new embedded database from a template', () => {
  const stores: TestStore[] = [];
  let templates = '';
  afterAll(async () => {
    for (const store of stores) await store.dispose();
    if (templates) await rm(templates, { recursive: true, force: true });
  });

  /** A server on a new data folder with the template folder; its log lines and the app. */
  async function start() {
    const store = await createTestStore();
    stores.push(store);
    const lines: string[] = [];
    const app = await buildApp(testConfig(store, { pgliteTemplateDir: templates, logLevel: 'info' }), {
      logStream: { write: (line) => void lines.push(line) },
    });
    return { app, lines };
  }
  const migratedHere = (lines: string[]) => lines.some((line) => line.includes('"database migrated"'));

  it('is kept by the first new database, and the next one is a migrated copy that signs in', async () => {
    templates = await mkdtemp(join(tmpdir(), 'palco-templates-'));
    const first = await start();
    try {
      expect(migratedHere(first.lines)).toBe(true);
      expect(await readdir(templates)).toEqual([
        expect.stringMatching(/^palco-pglite18-[0-9a-f]{16}\.tar\.gz$/),
      ]);
    } finally {
      await first.app.close();
    }

    const second = await start();
    try {
      // Nothing to migrate: the schema came with the copy, and the demo data was put in as usual.
      expect(migratedHere(second.lines)).toBe(false);
      expect(await isMigrated(second.app.db)).toBe(true);
      expect(await loginAs(second.app, 'owner@palco.test')).toMatch(/\./);
      expect(await readdir(templates)).toHaveLength(1);
    } finally {
      await second.app.close();
    }
    // Two servers started one after the other, the first making its database from scratch: minutes on a
    // busy machine.
  }, 600_000);
});

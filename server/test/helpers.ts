import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { buildApp, type LogStream } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { DEMO_PASSWORD } from '../src/db/seed.ts';

export const PUBLIC_URL = 'http://console.test';
/** Where the server tests keep their embedded database template (one file per set of migrations). */
export const TEST_PGLITE_TEMPLATES =
  process.env.PGLITE_TEMPLATE_DIR ?? join(tmpdir(), 'palco-pglite-templates');

/**
 * A place for one test file's data: a temporary DATA_DIR and, when DATABASE_URL is set, a fresh
 * PostgreSQL database created through that (admin) connection and dropped afterwards.
 */
export interface TestStore {
  dataDir: string;
  databaseUrl: string | undefined;
  dispose(): Promise<void>;
}

export async function createTestStore(): Promise<TestStore> {
  const dataDir = await mkdtemp(join(tmpdir(), 'palco-test-'));
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    return { dataDir, databaseUrl: undefined, dispose: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `palco_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    async dispose() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function testConfig(store: TestStore, overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', PUBLIC_URL });
  return {
    ...base,
    // Every inject comes from 127.0.0.1, and some suites fail many logins on purpose: the per-address
    // login throttle is the subject of login-throttle.test.ts, which sets its own numbers.
    loginThrottle: { ...base.loginThrottle, slowAfter: 100_000, maxFailures: 100_000 },
    dataDir: store.dataDir,
    databaseUrl: store.databaseUrl,
    // Each test file's new embedded database is a copy of one made and migrated once per machine and
    // set of migrations (docs/server.md "A new embedded database from a template"); db.test.ts opens its
    // databases without it, so the migrations themselves are still run from scratch there.
    pgliteTemplateDir: TEST_PGLITE_TEMPLATES,
    // No console unless a test builds one.
    staticDir: join(store.dataDir, 'no-console'),
    // No RTMP ingest unless a test asks for one (on a free port).
    ingestPort: null,
    ingestUrl: null,
    whipUrl: null,
    ...overrides,
  };
}

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  store: TestStore;
  close(): Promise<void>;
}

/** A migrated, seeded server on its own data; `close` removes everything. */
export async function startTestServer(
  overrides: Partial<Config> = {},
  options: { logStream?: LogStream } = {},
): Promise<TestServer> {
  const store = await createTestStore();
  const config = testConfig(store, overrides);
  const app = await buildApp(config, options);
  return {
    app,
    config,
    store,
    async close() {
      await app.close().catch(() => {});
      await store.dispose();
    },
  };
}

export async function loginAs(
  app: FastifyInstance,
  login: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { login, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ Token: string }>().Token;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** Asserts the error shape every failure shares, and returns the message. */
export function expectError(res: LightMyRequestResponse, statusCode: number): string {
  expect(res.statusCode, res.body).toBe(statusCode);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<{ statusCode: number; error: string; message: string }>();
  expect(body.statusCode).toBe(statusCode);
  expect(typeof body.error).toBe('string');
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  return body.message;
}

/** A built console, as vite would leave it, for the static-serving tests. */
export async function writeFakeConsole(dir: string): Promise<void> {
  await mkdir(join(dir, 'assets'), { recursive: true });
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root">palco-shell</div></body></html>',
  );
  await writeFile(join(dir, 'sw.js'), 'self.addEventListener("install", () => {});');
  await writeFile(join(dir, 'assets', 'index-abc123.js'), 'console.log("app");');
  await writeFile(join(dir, 'manifest.webmanifest'), '{"name":"Palco"}');
}

/** The app script of writeFakeConsole, with the Brotli and gzip siblings `npm run build` writes. */
export const FAKE_APP_SCRIPT = `console.log(${JSON.stringify('palco '.repeat(400))});`;
export async function writeFakeCompressedConsole(dir: string): Promise<void> {
  const html = '<!doctype html><html><body><div id="root">palco-shell</div></body></html>';
  for (const [name, text] of [
    ['index.html', html],
    [join('assets', 'app-abc123.js'), FAKE_APP_SCRIPT],
  ] as const) {
    await writeFile(join(dir, name), text);
    await writeFile(join(dir, `${name}.br`), brotliCompressSync(text));
    await writeFile(join(dir, `${name}.gz`), gzipSync(text));
  }
}

/** Waits for an in-memory state the server reaches on its own (a listener reconnected, a cache back on),
 * polling every 20 ms; 20 s is only a safety net. */
export async function waitFor(condition: () => boolean): Promise<void> {
  const until = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not reached in 20 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

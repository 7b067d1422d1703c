import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/db/seed.ts';
import { createTestStore, type TestStore } from './helpers.ts';
import { AccountClient } from './realtime-helpers.ts';

/**
 * docs/realtime.md "Across instances": two server processes on one PostgreSQL; an event raised through one
 * arrives on a socket of the other (LISTEN/NOTIFY). PostgreSQL only: the embedded database is one process.
 */
const DEMO: string = DEMO_ACCOUNTS.demoProducoes.id;
const children: ChildProcess[] = [];
let store: TestStore | undefined;

/** `node server/src/server.ts` on a free port; answers its http:// base URL once it listens. */
async function startProcess(databaseUrl: string, dataDir: string, secret: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../src/server.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: secret,
      PORT: '0',
      HOST: '127.0.0.1',
      INGEST_PORT: 'off',
      LOG_LEVEL: 'info',
      STATIC_DIR: join(dataDir, 'no-console'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening`)));
  });
}

async function login(base: string, user: string): Promise<string> {
  const res = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: user, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { Token: string }).Token;
}

afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    children.map(
      (c) => new Promise((resolve) => (c.exitCode === null ? c.once('exit', resolve) : resolve(null))),
    ),
  );
  await store?.dispose();
});

describe.skipIf(!process.env.DATABASE_URL)('the account stream across instances (PostgreSQL)', () => {
  it('delivers an event raised on one server process to a socket of the other', {
    timeout: 180_000,
  }, async () => {
    store = await createTestStore();
    const databaseUrl = store.databaseUrl ?? '';
    const secret = randomBytes(32).toString('hex');
    // One after the other: the first migrates and seeds the fresh database.
    const a = await startProcess(databaseUrl, join(store.dataDir, 'a'), secret);
    const b = await startProcess(databaseUrl, join(store.dataDir, 'b'), secret);

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ id: string; nome: string }>(
      "select id, nome from live_streams where account_id = $1 and status = 'scheduled' limit 1",
      [DEMO],
    );
    await client.end();
    const stream = rows[0];
    expect(stream).toBeDefined();

    const watcher = await AccountClient.connect(
      b.replace('http', 'ws'),
      DEMO,
      await login(b, 'operator@palco.test'),
    );
    const res = await fetch(`${a}/v1/live-streams/${stream?.id}/control/start?accountId=${DEMO}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${await login(a, 'owner@palco.test')}` },
    });
    expect(res.status).toBe(200);
    const event = await watcher.waitFor((e) => e.evento === 'live_status');
    expect(event).toMatchObject({
      live_id: stream?.id,
      titulo: stream?.nome,
      status: 'live',
      motivo: 'start',
    });
    watcher.close();
  });
});

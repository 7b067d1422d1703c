import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/db/seed.ts';
import { bearer, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { publishTestSignal } from './rtmp-encoder.ts';
import { DEMO } from './video-helpers.ts';

let server: TestServer;
let owner: string;

beforeAll(async () => {
  server = await startTestServer({
    ingestPort: 0,
    ingestHost: '127.0.0.1',
    ingestUrl: 'rtmp://console.test:1935/live',
  });
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
});
afterAll(async () => {
  await server?.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  server.app.inject({
    method,
    url: `${url}${url.includes('?') ? '&' : '?'}accountId=${DEMO}`,
    headers: bearer(owner),
    ...(payload ? { payload } : {}),
  });

describe('live minutes', () => {
  it('meters an RTMP publish when it ends, as the raw record of that publish', async () => {
    const created = await api('POST', '/v1/live-streams', {
      nome: 'Medida ao vivo',
      scheduledStartTime: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const stream = created.json<{ id: string; signals: { id: string; key: string }[] }>();
    expect((await api('PUT', `/v1/live-streams/${stream.id}/control/start`)).statusCode).toBe(200);

    // ffmpeg sends 3 s of test pattern in real time, then hangs up.
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = publishTestSignal(
        `rtmp://127.0.0.1:${server.app.ingestPort}/live/${stream.signals[0]!.key}`,
        3,
      );
      child.on('error', reject);
      child.on('close', resolve);
    });
    expect(code).toBe(0);

    const usage = async () =>
      (await api('GET', '/v1/billing/usage')).json<{ totals: { liveMinutes: number } }>();
    const deadline = Date.now() + 20_000;
    while ((await usage()).totals.liveMinutes === 0 && Date.now() < deadline) await sleep(200);

    const { rows } = await sql<{ source_key: string; quantity: number }>`
      SELECT source_key, quantity FROM usage_events WHERE account_id = ${DEMO} AND metric = 'live_minutes'`.execute(
      server.app.db,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.source_key).toMatch(
      new RegExp(`^live:${stream.id}:${stream.signals[0]!.id}:\\d+:\\d{4}-\\d{2}-\\d{2}$`),
    );
    // The publish lasted at least the 3 s the encoder sent in real time.
    expect(Number(rows[0]!.quantity) * 60).toBeGreaterThanOrEqual(2.5);
    expect((await usage()).totals.liveMinutes).toBeCloseTo(Number(rows[0]!.quantity), 5);
  });
});

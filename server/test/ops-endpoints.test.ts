import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LATEST_MIGRATION } from '../src/db/migrator.ts';
import { DEMO_USERS } from '../src/db/seed.ts';
import { expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { startS3, type TestS3 } from './s3-server.ts';
import { createContent, postRange } from './video-helpers.ts';

// The operator's endpoints (docs/deployment.md "Readiness and metrics"): what a load balancer asks
// before sending traffic to an instance, and what Prometheus scrapes.
const TOKEN = 'metrics-token-of-the-operator';

describe('/readyz', () => {
  let s3: TestS3;
  let server: TestServer;
  beforeAll(async () => {
    s3 = await startS3();
    server = await startTestServer({ storage: s3.storage, readyTimeoutMs: 5000 });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await s3?.close().catch(() => {});
  });

  const ready = () => server.app.inject({ method: 'GET', url: '/readyz' });

  it('is 200 with every check ok when the database is migrated and the bucket answers', async () => {
    const res = await ready();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      ready: true,
      checks: { database: 'ok', migrations: 'ok', storage: 'ok', jobs: 'ok' },
    });
  });

  it('is 503 naming the migrations while the database lacks the newest one, 200 once it has it', async () => {
    const { rows } = await sql<{ timestamp: string }>`
      delete from kysely_migration where name = ${LATEST_MIGRATION} returning timestamp`.execute(
      server.app.db,
    );
    expect(rows).toHaveLength(1);
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        ready: false,
        checks: { migrations: 'not migrated', database: 'ok' },
      });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${LATEST_MIGRATION}, ${rows[0]!.timestamp})`.execute(
        server.app.db,
      );
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it('is 503 naming the storage, within its timeout, once the bucket is gone', async () => {
    await s3.close();
    const started = Date.now();
    const res = await ready();
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({
      ready: false,
      checks: { database: 'ok', migrations: 'ok', storage: 'unreachable', jobs: 'ok' },
    });
    // No endpoint or error text of the bucket reaches the client.
    expect(res.body).not.toContain('127.0.0.1');
    // Within the check's timeout (the AWS SDK's own retries of a refused connection included).
    expect(Date.now() - started).toBeLessThan(8000);
  });
});

describe('/metrics', () => {
  let server: TestServer;
  let closed: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer({ metricsToken: TOKEN });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await closed?.close();
  });

  const scrape = (authorization?: string) =>
    server.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authorization === undefined ? {} : { authorization },
    });

  it('refuses a scrape without the bearer token, or with another one', async () => {
    expectError(await scrape(), 401);
    expectError(await scrape('Bearer not-the-token-at-all-x'), 401);
    expectError(await scrape(`Basic ${TOKEN}`), 401);
  });

  it('is not there at all when no METRICS_TOKEN is set', async () => {
    closed = await startTestServer();
    expectError(await closed.app.inject({ method: 'GET', url: '/metrics' }), 404);
  }, 120_000);

  it('counts requests by route pattern and status, with a duration histogram and the gauges', async () => {
    for (let i = 0; i < 3; i++) await server.app.inject({ method: 'GET', url: '/healthz' });
    const secret = 'a-playback-token-that-must-not-leak';
    await server.app.inject({
      method: 'GET',
      url: `/media/00000000-0000-4000-8000-000000000000/00000000-0000-4000-8000-000000000001/${secret}/master.m3u8`,
    });
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain('# TYPE palco_http_requests_total counter');
    expect(text).toContain('palco_http_requests_total{method="GET",route="/healthz",status="200"} 3');
    expect(text).toMatch(
      /palco_http_requests_total\{method="GET",route="\/media\/:accountId\/:videoId\/:token\/\*",status="\d+"\} 1/,
    );
    expect(text).not.toContain(secret);
    expect(text).toContain('# TYPE palco_http_request_duration_seconds histogram');
    expect(text).toContain(
      'palco_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/healthz",status="200"} 3',
    );
    expect(text).toContain(
      'palco_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"} 3',
    );
    for (const gauge of [
      'palco_live_ingests 0',
      'palco_webrtc_viewers 0',
      'palco_viewers 0',
      'palco_websocket_clients 0',
      'palco_database_up 1',
      'palco_upload_bytes_total 0',
    ])
      expect(text).toContain(gauge);
    expect(text).toContain('# TYPE palco_job_queue_depth gauge');
  });

  it('counts the bytes of uploads stored by this instance', async () => {
    const owner = await loginAs(server.app, DEMO_USERS.owner.login);
    const videoId = await createContent(server.app, owner, 'Bytes');
    const file = Buffer.alloc(300_000, 9);
    expect((await postRange(server.app, owner, videoId, file, 0, 99_999)).statusCode).toBe(201);
    // Sent again: stored once, counted once.
    expect((await postRange(server.app, owner, videoId, file, 0, 199_999)).statusCode).toBe(201);
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toContain('# TYPE palco_upload_bytes_total counter');
    expect(text).toContain('palco_upload_bytes_total 200000');
  });
});

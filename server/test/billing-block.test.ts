import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEncoded } from '../src/billing/metering.ts';
import { DEMO_ACCOUNTS, DEMO_CLIENTS } from '../src/db/seed.ts';
import { bearer, expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { createContent, DEMO, makeTestVideo, multipart, postRange, waitForStatus } from './video-helpers.ts';

let server: TestServer;
let owner: string;
let staff: string;
const EVENTOS = DEMO_ACCOUNTS.eventosAoVivo.id;

beforeAll(async () => {
  server = await startTestServer();
  [owner, staff] = await Promise.all([
    loginAs(server.app, 'owner@palco.test'),
    loginAs(server.app, 'staff@palco.test'),
  ]);
});
afterAll(async () => {
  await server?.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const block = (token: string, action: 'block' | 'unblock', clientId: string = DEMO_CLIENTS.demo.id) =>
  call(token, 'POST', `/v1/clients/${clientId}/${action}`);

describe('blocking a client for non-payment', () => {
  it('refuses uploads and new streams, keeps delivering stored videos, logs it, and unblocks', async () => {
    // A video stored before the block.
    const path = join(server.config.dataDir, 'clip.mp4');
    await makeTestVideo(path, '320x180', 2);
    const file = await readFile(path);
    const stored = await createContent(server.app, owner, 'Guardado');
    expect((await postRange(server.app, owner, stored, file, 0, file.length - 1)).statusCode).toBe(202);
    const video = await waitForStatus(server.app, owner, stored, ['ready', 'failed'], 90_000);
    expect(video.status, String(video.error)).toBe('ready');
    const waiting = await createContent(server.app, owner, 'Ainda sem arquivo');
    const scheduled = await call(owner, 'POST', `/v1/live-streams?accountId=${DEMO}`, {
      nome: 'Agendada',
      scheduledStartTime: '2030-03-10T19:30:00.000Z',
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);

    const res = await block(staff, 'block');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ clientId: DEMO_CLIENTS.demo.id, blocked: true });
    expect(res.json().changed.sort()).toEqual([DEMO, EVENTOS].sort());

    // The console sees the team blocked (it sends the user to /blocked).
    const teams = (await call(owner, 'GET', '/v1/teams')).json();
    expect(teams.map((t: { bloqueada: boolean }) => t.bloqueada)).toEqual([true, true]);

    // Uploads refused, with the finance team's message.
    const body = multipart({ content: file });
    const upload = await server.app.inject({
      method: 'POST',
      url: `/v1/videos/${waiting}/source?accountId=${DEMO}`,
      headers: { ...bearer(owner), ...body.headers },
      payload: body.payload,
    });
    expect(expectError(upload, 403)).toMatch(/temporariamente limitad/);
    expectError(
      await call(owner, 'POST', `/v1/contents?accountId=${DEMO}`, {
        title: 'Novo',
        directoryId: null,
        accountId: DEMO,
      }),
      403,
    );

    // New streams refused: created or started.
    const live = await call(owner, 'POST', `/v1/live-streams?accountId=${DEMO}`, {
      nome: 'Nova',
      scheduledStartTime: '2030-03-10T19:30:00.000Z',
    });
    expect(expectError(live, 403)).toMatch(/novas transmissões estão temporariamente limitad/);
    const start = await call(
      owner,
      'PUT',
      `/v1/live-streams/${scheduled.json().id}/control/start?accountId=${DEMO}`,
    );
    expectError(start, 403);

    // The stored video still plays through its signed URLs.
    const again = (await call(owner, 'GET', `/v1/videos/${stored}?accountId=${DEMO}`)).json();
    const master = await server.app.inject({ method: 'GET', url: again.hlsUrl });
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('#EXTM3U');
    const segment = await server.app.inject({
      method: 'GET',
      url: again.hlsUrl.replace(/master\.m3u8$/, '180p/seg_00000.ts'),
    });
    expect(segment.statusCode).toBe(200);
    expect(segment.rawPayload[0]).toBe(0x47);

    // Each team's log tells it, with staff as the responsible.
    const logged = await server.app.db
      .selectFrom('activity_logs')
      .select(['account_id', 'actor_email'])
      .where('event', '=', 'CONTA_BLOQUEADA')
      .execute();
    expect(logged.map((l) => l.account_id).sort()).toEqual([DEMO, EVENTOS].sort());
    expect(logged.every((l) => l.actor_email === 'staff@palco.test')).toBe(true);

    // Blocking again changes (and logs) nothing; unblocking lets uploads through again.
    expect((await block(staff, 'block')).json().changed).toEqual([]);
    const unblocked = await block(staff, 'unblock');
    expect(unblocked.json()).toMatchObject({ blocked: false });
    expect(unblocked.json().changed).toHaveLength(2);
    const retry = multipart({ content: file });
    const ok = await server.app.inject({
      method: 'POST',
      url: `/v1/videos/${waiting}/source?accountId=${DEMO}`,
      headers: { ...bearer(owner), ...retry.headers },
      payload: retry.payload,
    });
    expect(ok.statusCode, ok.body).toBe(202);
  });

  it('is staff only, and answers 404 for an unknown client', async () => {
    expectError(await block(owner, 'block'), 403);
    expectError(await block(owner, 'unblock', DEMO_CLIENTS.blocked.id), 403);
    expectError(await block(staff, 'block', 'c0000000-0000-4000-8000-0000000000ff'), 404);
  });

  it('makes the seeded blocked account a real one staff can unblock', async () => {
    const blocked = await loginAs(server.app, 'blocked@palco.test');
    const team = DEMO_ACCOUNTS.contaBloqueada.id;
    const create = () =>
      call(blocked, 'POST', `/v1/live-streams?accountId=${team}`, {
        nome: 'Teste',
        scheduledStartTime: '2030-03-10T19:30:00.000Z',
      });
    expectError(await create(), 403);
    expect((await block(staff, 'unblock', DEMO_CLIENTS.blocked.id)).statusCode).toBe(200);
    expect((await create()).statusCode).toBe(201);
    await block(staff, 'block', DEMO_CLIENTS.blocked.id);
  });
});

describe('plans and statements', () => {
  it('lets staff set a client plan that prices the closed months beyond the quota', async () => {
    const plan = {
      name: 'Sob medida',
      currency: 'usd',
      quotas: { storageGb: 10, encodedMinutes: 1, liveMinutes: 100, deliveredMinutes: 1000 },
      prices: { storageGbMonth: 0.2, encodedMinute: 0.5, liveMinute: 0.01, deliveredMinute: 0.001 },
    };
    expectError(await call(owner, 'PUT', `/v1/clients/${DEMO_CLIENTS.demo.id}/plan`, plan), 403);
    expectError(
      await call(staff, 'PUT', `/v1/clients/${DEMO_CLIENTS.demo.id}/plan`, { ...plan, currency: '12$' }),
      400,
    );
    const saved = await call(staff, 'PUT', `/v1/clients/${DEMO_CLIENTS.demo.id}/plan`, plan);
    expect(saved.statusCode, saved.body).toBe(200);

    // 10 minutes of 3 renditions last month: 30 encoded minutes, 29 beyond the quota of 1.
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    await recordEncoded(server.app.db, {
      accountId: DEMO,
      videoId: '00000000-0000-4000-8000-0000000000aa',
      durationSeconds: 600,
      renditions: 3,
      at: lastMonth,
    });
    const usage = (await call(owner, 'GET', `/v1/billing/usage?accountId=${DEMO}`)).json();
    expect(usage.plan).toMatchObject({ name: 'Sob medida', custom: true, quotas: plan.quotas });
    expect(usage.currency).toBe('USD');

    const res = await call(owner, 'GET', `/v1/billing/statements?accountId=${DEMO}`);
    expect(res.statusCode, res.body).toBe(200);
    const { currency, months } = res.json();
    expect(currency).toBe('USD');
    const month = lastMonth.toISOString().slice(0, 7);
    expect(months[0].month).toBe(month);
    expect(months[0].items.find((i: { metric: string }) => i.metric === 'encoded')).toEqual({
      metric: 'encoded',
      quantity: 30,
      included: 1,
      billable: 29,
      unitPrice: 0.5,
      amount: 14.5,
    });
    expect(months[0].total).toBe(14.5);

    // Back to the default plan.
    expect((await call(staff, 'DELETE', `/v1/clients/${DEMO_CLIENTS.demo.id}/plan`)).statusCode).toBe(204);
    const back = (await call(owner, 'GET', `/v1/billing/usage?accountId=${DEMO}`)).json();
    expect(back.plan).toMatchObject({ name: 'Padrão', custom: false });
  });
});

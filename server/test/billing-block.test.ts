import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEncoded } from '../src/billing/metering.ts';
import { insertClientTeam } from '../src/db/repositories/client-teams.ts';
import { DEMO_ACCOUNTS, DEMO_CLIENTS, DEMO_USERS } from '../src/db/seed.ts';
import { createTeam } from './admin-helpers.ts';
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

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

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

describe('the block belongs to the client', () => {
  const BLOCKED = DEMO_ACCOUNTS.contaBloqueada.id;
  const CONTENT = /Adicionar conteúdo, imagens, times e chaves de API está temporariamente limitado/;
  const VIDEOS = /O envio e o gerenciamento de novos vídeos estão temporariamente limitados/;
  const LIVES = /novas transmissões estão temporariamente limitad/;

  const image = () =>
    sharp({ create: { width: 64, height: 36, channels: 3, background: { r: 20, g: 90, b: 200 } } })
      .png()
      .toBuffer();
  const upload = async (token: string, url: string) => {
    const body = multipart({ content: await image(), filename: 'a.png', contentType: 'image/png' });
    return server.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  };
  const teamsOf = async (clientId: string) =>
    server.app.db
      .selectFrom('accounts')
      .select(['id', 'blocked'])
      .where('client_id', '=', clientId)
      .execute();

  it('refuses every route that adds content or storage, a new team included, and keeps what exists', async () => {
    // Made while the client could still work: a video and an overlay of its team.
    expect((await block(staff, 'unblock', DEMO_CLIENTS.blocked.id)).statusCode).toBe(200);
    const user = await loginAs(server.app, DEMO_USERS.blocked.login);
    const video = await createContent(server.app, user, 'Antes do bloqueio', BLOCKED);
    const overlay = await call(user, 'POST', `/v1/accounts/${BLOCKED}/overlays?accountId=${BLOCKED}`, {
      name: 'Placar',
      kind: 'image',
      position: 'top-right',
      widthPercent: 20,
    });
    expect(overlay.statusCode, overlay.body).toBe(201);
    const overlayId = overlay.json<{ id: string }>().id;
    expect((await block(staff, 'block', DEMO_CLIENTS.blocked.id)).statusCode).toBe(200);

    const q = `accountId=${BLOCKED}`;
    // A new team of the blocked client: refused, and nothing created (it used to come out unblocked).
    const team = await call(user, 'POST', `/v1/client-teams?${q}`, { name: 'Fuga do bloqueio' });
    expect(expectError(team, 403)).toMatch(CONTENT);
    expect(await teamsOf(DEMO_CLIENTS.blocked.id)).toEqual([{ id: BLOCKED, blocked: true }]);

    expect(expectError(await call(user, 'POST', `/v1/live-streams?${q}`, { nome: 'X' }), 403)).toMatch(LIVES);
    expect(expectError(await call(user, 'POST', `/v1/videos/vod?${q}`, { title: 'X' }), 403)).toMatch(VIDEOS);
    expect(
      expectError(await call(user, 'POST', `/v1/directories?${q}`, { name: 'Pasta', parentId: null }), 403),
    ).toMatch(VIDEOS);
    const anotherOverlay = await call(user, 'POST', `/v1/accounts/${BLOCKED}/overlays?${q}`, {
      name: 'Outro',
      kind: 'text',
      text: 'oi',
      position: 'center',
      widthPercent: 20,
    });
    expect(expectError(anotherOverlay, 403)).toMatch(CONTENT);
    const overlayImage = await upload(user, `/v1/accounts/${BLOCKED}/overlays/${overlayId}/image?${q}`);
    expect(expectError(overlayImage, 403)).toMatch(CONTENT);
    expect(expectError(await upload(user, `/v1/account/logo?${q}`), 403)).toMatch(CONTENT);
    expect(expectError(await upload(user, `/v1/client-teams/${BLOCKED}/thumbnail?${q}`), 403)).toMatch(
      CONTENT,
    );
    // The video named by id, without accountId: its own team's block applies.
    expect(expectError(await upload(user, `/v1/videos/${video}/thumbnail`), 403)).toMatch(VIDEOS);
    const key = await call(user, 'POST', `/v1/api-keys?${q}`, {
      name: 'integração',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      permissions: ['showVOD'],
    });
    expect(expectError(key, 403)).toMatch(CONTENT);
    const english = await server.app.inject({
      method: 'POST',
      url: `/v1/api-keys?${q}`,
      headers: { ...bearer(user), 'accept-language': 'en' },
      payload: {
        name: 'x',
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        permissions: ['api'],
      },
    });
    expect(expectError(english, 403)).toMatch(
      /Adding content, images, teams and API keys is temporarily limited/,
    );

    // What exists stays the team's to read and tidy.
    expect((await call(user, 'GET', `/v1/videos/${video}?${q}`)).statusCode).toBe(200);
    expect((await call(user, 'PATCH', `/v1/videos/${video}?${q}`, { title: 'Renomeado' })).statusCode).toBe(
      200,
    );
    expect((await call(user, 'GET', `/v1/accounts/${BLOCKED}/overlays?${q}`)).statusCode).toBe(200);

    // Unblocked, the same calls go through; a team created then is blocked with the client later.
    expect((await block(staff, 'unblock', DEMO_CLIENTS.blocked.id)).statusCode).toBe(200);
    const created = await call(user, 'POST', `/v1/client-teams?${q}`, { name: 'Segundo time' });
    expect(created.statusCode, created.body).toBe(201);
    const second = created.json<{ id: string; blocked: boolean }>();
    expect(second.blocked).toBe(false);
    const keyNow = await call(user, 'POST', `/v1/api-keys?${q}`, {
      name: 'integração',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      permissions: ['showVOD'],
    });
    expect(keyNow.statusCode, keyNow.body).toBe(201);
    expect((await block(staff, 'block', DEMO_CLIENTS.blocked.id)).json().changed.sort()).toEqual(
      [BLOCKED, second.id].sort(),
    );
    const live = await call(user, 'POST', `/v1/live-streams?accountId=${second.id}`, { nome: 'Y' });
    expect(expectError(live, 403)).toMatch(LIVES);
  });

  it('is checked in the team of the object a call names, not in the blocked working team', async () => {
    // The blocked user is also in a team of another client, which is not blocked.
    const other = await createTeam(server.app, {
      name: 'Outro cliente, em dia',
      clientId: DEMO_CLIENTS.palco.id,
      roles: { editor: ['showVOD', 'showStreaming'] },
      members: [],
    });
    await server.app.db
      .insertInto('memberships')
      .values({ user_id: DEMO_USERS.blocked.id, account_id: other.accountId, role_id: other.roles.editor! })
      .execute();
    const user = await loginAs(server.app, DEMO_USERS.blocked.login);
    expect((await block(staff, 'block', DEMO_CLIENTS.blocked.id)).statusCode).toBe(200);
    const video = await createContent(server.app, user, 'No time em dia', other.accountId);
    // Named by id, without accountId: the working team (blocked) is not the video's.
    const thumb = await upload(user, `/v1/videos/${video}/thumbnail`);
    expect(thumb.statusCode, thumb.body).toBe(200);
    // Another team's video still answers 404, never the block.
    const foreign = await createContent(server.app, owner, 'De outro time');
    expectError(await upload(user, `/v1/videos/${foreign}/thumbnail`), 404);
  });

  it('is the state a team created for a blocked client takes, whatever creates it', async () => {
    // The client stays blocked from the test above; any path that makes a team for it gets a blocked one.
    const id = await server.app.db.transaction().execute((trx) =>
      insertClientTeam(trx, {
        clientId: DEMO_CLIENTS.blocked.id,
        name: 'Criado por outro caminho',
        creatorId: DEMO_USERS.blocked.id,
        roleName: 'dono',
        permissions: ['showVOD'],
      }),
    );
    const row = await server.app.db
      .selectFrom('accounts')
      .select('blocked')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.blocked).toBe(true);
    const other = await server.app.db.transaction().execute((trx) =>
      insertClientTeam(trx, {
        clientId: DEMO_CLIENTS.palco.id,
        name: 'Livre',
        creatorId: DEMO_USERS.staff.id,
        roleName: 'dono',
        permissions: ['showVOD'],
      }),
    );
    const free = await server.app.db
      .selectFrom('accounts')
      .select('blocked')
      .where('id', '=', other)
      .executeTakeFirst();
    expect(free?.blocked).toBe(false);
    // Unblocking the client frees the team made while it was blocked, like the others.
    const unblocked = await block(staff, 'unblock', DEMO_CLIENTS.blocked.id);
    expect(unblocked.json().changed).toContain(id);
    expect(await teamsOf(DEMO_CLIENTS.blocked.id)).toContainEqual({ id, blocked: false });
  });
});

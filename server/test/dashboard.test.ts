import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/db/seed.ts';
import { expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { call, userWith } from './streams-helpers.ts';

const DEMO = DEMO_ACCOUNTS.demoProducoes.id;

interface Dashboard {
  asOf: string;
  live: { id: string; nome: string; status: string }[] | null;
  today: { id: string; nome: string }[] | null;
  uploads: { id: string; title: string; status: string }[] | null;
  alerts: { kind: string; id: string; name: string; fps?: number }[];
}

let server: TestServer;
let owner: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await loginAs(server.app, 'owner@palco.test');
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const dashboard = async (token: string, accountId = DEMO) => {
  const res = await call(server.app, token, 'GET', `/v1/dashboard?accountId=${accountId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Dashboard>();
};

async function stream(nome: string, at: Date): Promise<string> {
  const res = await call(server.app, owner, 'POST', `/v1/live-streams?accountId=${DEMO}`, {
    nome,
    scheduledStartTime: at.toISOString(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

describe('GET /v1/dashboard', () => {
  it("shows what is live, what starts today in the team's zone, recent uploads and alerts", async () => {
    const zone = 'America/Sao_Paulo';
    const now = Temporal.Now.zonedDateTimeISO(zone);
    // Later today when there is room before midnight, else the test cannot tell today from tomorrow.
    const laterToday = now.add({ minutes: 5 });
    const today = laterToday.toPlainDate().equals(now.toPlainDate())
      ? await stream('Hoje mais tarde', new Date(laterToday.epochMilliseconds))
      : null;
    const tomorrow = await stream(
      'Amanhã',
      new Date(now.startOfDay().add({ days: 1, hours: 12 }).epochMilliseconds),
    );
    const onAir = await stream('No ar agora', new Date(Date.now() + 86_400_000));
    expect(
      (await call(server.app, owner, 'PUT', `/v1/live-streams/${onAir}/control/start?accountId=${DEMO}`))
        .statusCode,
    ).toBe(200);
    const video = await call(server.app, owner, 'POST', `/v1/videos/vod?accountId=${DEMO}`, {
      title: 'Aula nova',
    });
    expect(video.statusCode, video.body).toBe(201);
    const videoId = video.json<{ id: string }>().id;
    const failed = await call(server.app, owner, 'POST', `/v1/videos/vod?accountId=${DEMO}`, {
      title: 'Aula quebrada',
    });
    const failedId = failed.json<{ id: string }>().id;
    await server.app.db
      .updateTable('videos')
      .set({ status: 'failed', updated_at: new Date() })
      .where('id', '=', failedId)
      .execute();
    await server.app.events.publish(DEMO, 'alerta_fps_alto', {
      live_id: onAir,
      titulo: 'No ar agora',
      fps: 60,
      limite: 30,
    });

    const body = await dashboard(owner);
    expect(body.live?.map((s) => s.id)).toContain(onAir);
    expect(body.live?.find((s) => s.id === onAir)?.status).toBe('live');
    if (today) expect(body.today?.map((s) => s.id)).toContain(today);
    expect(body.today?.map((s) => s.id)).not.toContain(tomorrow);
    expect(body.uploads?.[0]).toMatchObject({ id: failedId, status: 'failed' });
    expect(body.uploads?.map((v) => v.id)).toContain(videoId);
    expect(body.alerts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'fps_alto', id: onAir, fps: 60 }),
        expect.objectContaining({ kind: 'video_falhou', id: failedId, name: 'Aula quebrada' }),
      ]),
    );
    expect(Date.parse(body.asOf)).not.toBeNaN();
  });

  it('leaves out what the caller may not see, and another team is not found', async () => {
    const usersOnly = await userWith(server.app, DEMO, 'dash-users@palco.test', ['showUsers']);
    const limited = await dashboard(usersOnly);
    expect(limited).toMatchObject({ live: null, today: null, uploads: null, alerts: [] });
    const blocked = await loginAs(server.app, 'blocked@palco.test');
    expectError(await call(server.app, blocked, 'GET', `/v1/dashboard?accountId=${DEMO}`), 404);
  });
});

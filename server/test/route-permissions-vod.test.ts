import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { ALL_PERMISSIONS, STAFF_PERMISSION } from '../src/permissions.ts';
import { bearer, expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { VTT } from './route-permissions-helpers.ts';
import { PNG, userWith } from './streams-helpers.ts';
import { createContent, multipart } from './video-helpers.ts';

const DEMO: string = DEMO_ACCOUNTS.demoProducoes.id;
const EVENTOS: string = DEMO_ACCOUNTS.eventosAoVivo.id;

let server: TestServer;
let owner: string;
/** Every permission of the team but showVOD: the hole was that such a member used the library. */
let noVod: string;
let vodOnly: string;
let videoId: string;
let directoryId: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
  const allButVod = ALL_PERMISSIONS.filter((p) => p !== 'showVOD' && p !== STAFF_PERMISSION);
  noVod = await userWith(server.app, DEMO, 'sem-vod@palco.test', allButVod);
  vodOnly = await userWith(server.app, DEMO, 'so-vod@palco.test', ['showVOD']);
  videoId = await createContent(server.app, owner, 'Aula gravada');
  const folder = await call(owner, 'POST', '/v1/directories', { json: { name: 'Aulas' } });
  expect(folder.statusCode, folder.body).toBe(201);
  directoryId = folder.json<{ id: string }>().id;
  const subtitle = await call(owner, 'POST', `/v1/videos/${videoId}/subtitles/upload`, {
    file: multipart({ content: Buffer.from(VTT), filename: 'pt.vtt' }, { language: 'pt-BR' }),
  });
  expect(subtitle.statusCode, subtitle.body).toBe(201);
});
afterAll(async () => {
  await server?.close();
});

function call(
  token: string,
  method: InjectOptions['method'],
  url: string,
  body: { json?: object; file?: ReturnType<typeof multipart> } = {},
  query = `accountId=${DEMO}`,
) {
  return server.app.inject({
    method,
    url: query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url,
    headers: { ...bearer(token), ...body.file?.headers },
    ...(body.json ? { payload: body.json } : body.file ? { payload: body.file.payload } : {}),
  });
}

async function contentIn(accountId: string, title: string): Promise<string> {
  const res = await call(
    owner,
    'POST',
    '/v1/contents',
    { json: { title, directoryId: null, accountId } },
    `accountId=${accountId}`,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ videoId: string }>().videoId;
}

/** The library's calls, reading and changing: [label, method, url, body]. */
const libraryCalls = (): [string, InjectOptions['method'], string, Parameters<typeof call>[3]][] => [
  ['list videos', 'GET', '/v1/videos', {}],
  ['read a video', 'GET', `/v1/videos/${videoId}`, {}],
  ['upload progress', 'GET', '/v1/videos/transcode/progress', {}],
  ['likes', 'GET', `/v1/analytics/vod/${videoId}/total-likes`, {}],
  ['create content', 'POST', '/v1/contents', { json: { title: 'Novo', directoryId: null, accountId: DEMO } }],
  ['create a video', 'POST', '/v1/videos/vod', { json: { title: 'Novo' } }],
  ['change a video', 'PATCH', `/v1/videos/${videoId}`, { json: { title: 'Mudado' } }],
  ['set a thumbnail', 'POST', `/v1/videos/${videoId}/thumbnail`, { file: multipart({ content: PNG }) }],
  ['upload state', 'GET', `/v1/videos/${videoId}/source`, {}],
  ['list folders', 'GET', '/v1/directories', {}],
  ['read a folder', 'GET', `/v1/directories/${directoryId}`, {}],
  ['folder settings', 'GET', `/v1/directories/${directoryId}/settings`, {}],
  ['create a folder', 'POST', '/v1/directories', { json: { name: 'Outra pasta' } }],
  ['read subtitles', 'GET', `/v1/videos/${videoId}/subtitles?language=pt-BR`, {}],
  [
    'add subtitles',
    'POST',
    `/v1/videos/${videoId}/subtitles/upload`,
    { file: multipart({ content: Buffer.from(VTT), filename: 'en.vtt' }, { language: 'en' }) },
  ],
  ['remove subtitles', 'DELETE', `/v1/videos/${videoId}/subtitle?language=pt-BR`, {}],
  ['delete a video', 'DELETE', `/v1/videos/${videoId}`, {}],
];

describe('the video library needs showVOD', () => {
  it('refuses every call of a member without showVOD (403), changing nothing', async () => {
    const videosBefore = await server.app.db.selectFrom('videos').selectAll().orderBy('id').execute();
    const answers: string[] = [];
    for (const [label, method, url, body] of libraryCalls()) {
      const res = await call(noVod, method, url, body);
      answers.push(`${label}: ${res.statusCode}`);
      if (res.statusCode === 403)
        expect(expectError(res, 403)).toBe('Você não tem permissão para acessar este recurso');
    }
    expect(answers).toEqual(libraryCalls().map(([label]) => `${label}: 403`));
    expect(await server.app.db.selectFrom('videos').selectAll().orderBy('id').execute()).toEqual(
      videosBefore,
    );
    const subtitles = await server.app.db.selectFrom('video_subtitles').select('language').execute();
    expect(subtitles.map((s) => s.language)).toEqual(['pt-BR']);
  });

  it('lets a member holding only showVOD do all of it', async () => {
    const answers: string[] = [];
    for (const [label, method, url, body] of libraryCalls()) {
      const res = await call(vodOnly, method, url, body);
      answers.push(`${label}: ${res.statusCode < 300 ? 'ok' : res.body}`);
    }
    expect(answers).toEqual(libraryCalls().map(([label]) => `${label}: ok`));
  });

  it("checks the video's own team when no accountId is sent", async () => {
    // A member with showVOD in one team and not in the other, working (by default) in the first.
    const token = await userWith(server.app, DEMO, 'duas-equipes@palco.test', ['showVOD']);
    const user = await server.app.db
      .selectFrom('users')
      .select('id')
      .where('login', '=', 'duas-equipes@palco.test')
      .executeTakeFirstOrThrow();
    const role = await server.app.db
      .insertInto('roles')
      .values({ account_id: EVENTOS, name: 'sem-vod', permissions: ['showStreaming'] })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.app.db
      .insertInto('memberships')
      .values({ user_id: user.id, account_id: EVENTOS, role_id: role.id })
      .execute();
    const eventosVideo = await contentIn(EVENTOS, 'Evento');

    expectError(await call(token, 'GET', `/v1/videos/${eventosVideo}`, {}, ''), 403);
    expectError(await call(token, 'PATCH', `/v1/videos/${eventosVideo}`, { json: { title: 'X' } }, ''), 403);
    const create = { json: { title: 'Novo', directoryId: null, accountId: EVENTOS } };
    expectError(await call(token, 'POST', '/v1/contents', create, ''), 403);
    // Its own team's videos it still reads.
    const own = await createContent(server.app, owner, 'Da equipe');
    expect((await call(token, 'GET', `/v1/videos/${own}`, {}, '')).statusCode).toBe(200);
  });

  it("still answers 404 for another team's video, and lets staff in any team", async () => {
    const eventosVideo = await contentIn(EVENTOS, 'Outro time');
    const operator = await loginAs(server.app, DEMO_USERS.operator.login);
    expectError(await call(operator, 'GET', `/v1/videos/${eventosVideo}`), 404);
    expectError(await call(operator, 'GET', '/v1/videos', {}, `accountId=${EVENTOS}`), 404);
    const staff = await loginAs(server.app, DEMO_USERS.staff.login);
    expect(
      (await call(staff, 'GET', `/v1/videos/${eventosVideo}`, {}, `accountId=${EVENTOS}`)).statusCode,
    ).toBe(200);
    expect((await call(staff, 'GET', '/v1/videos')).statusCode).toBe(200);
  });
});

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_CLIENTS, DEMO_USERS } from '../src/db/seed.ts';
import { loggedEvents } from './admin-helpers.ts';
import { bearer, expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { multipart } from './streams-helpers.ts';

// /teams (docs/api-admin.md "Teams"): the client's teams, create, rename, thumbnail, members.

let server: TestServer;
let owner: string;
const DEMO = DEMO_ACCOUNTS.demoProducoes.id;
const PALCO = DEMO_ACCOUNTS.palcoInterno.id;

beforeAll(async () => {
  server = await startTestServer();
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
});
afterAll(async () => {
  await server?.close();
});

const call = (token: string, method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

interface Team {
  id: string;
  name: string;
  thumbnail: string | null;
  membersCount: number;
}
const myTeams = async (token: string) =>
  (await call(token, 'GET', '/v1/teams')).json<
    Array<{ accountId: string; name: string; thumbnail: string | null }>
  >();

describe('/v1/client-teams', () => {
  it("lists the client's teams only, creates one the creator joins, and refuses a taken name", async () => {
    const list = await call(owner, 'GET', `/v1/client-teams?accountId=${DEMO}`);
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json<{ client: { id: string }; items: Team[] }>();
    expect(body.client.id).toBe(DEMO_CLIENTS.demo.id);
    const names = body.items.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['Demo Produções', 'Eventos Ao Vivo']));
    expect(names).not.toContain('Palco Interno');

    const created = await call(owner, 'POST', `/v1/client-teams?accountId=${DEMO}`, { name: ' Time Novo ' });
    expect(created.statusCode, created.body).toBe(201);
    const team = created.json<Team>();
    expect(team).toMatchObject({ name: 'Time Novo', thumbnail: null, membersCount: 1 });
    // The header's team selector (GET /v1/teams) lists it at once, with the same token.
    expect((await myTeams(owner)).map((t) => t.name)).toContain('Time Novo');
    const members = await call(owner, 'GET', `/v1/client-teams/${team.id}/members?accountId=${DEMO}`);
    expect(members.json()).toEqual([
      expect.objectContaining({ email: DEMO_USERS.owner.login, role: 'proprietário' }),
    ]);
    expect(await loggedEvents(server.app, owner, team.id)).toContain('TIME_CRIADO');

    expect(
      expectError(
        await call(owner, 'POST', `/v1/client-teams?accountId=${DEMO}`, { name: 'eventos ao vivo' }),
        409,
      ),
    ).toBe('Já existe um time deste cliente com este nome');
    expectError(await call(owner, 'POST', `/v1/client-teams?accountId=${DEMO}`, { name: '   ' }), 400);
  });

  it('renames a team; the selector follows; a name taken or another client’s team is refused', async () => {
    const team = (
      await call(owner, 'POST', `/v1/client-teams?accountId=${DEMO}`, { name: 'Renomear' })
    ).json<Team>();
    const renamed = await call(owner, 'PATCH', `/v1/client-teams/${team.id}?accountId=${DEMO}`, {
      name: 'Renomeado',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Team>().name).toBe('Renomeado');
    const names = (await myTeams(owner)).map((t) => t.name);
    expect(names).toContain('Renomeado');
    expect(names).not.toContain('Renomear');
    expect(await loggedEvents(server.app, owner, team.id)).toContain('TIME_ATUALIZADO');

    expectError(
      await call(owner, 'PATCH', `/v1/client-teams/${team.id}?accountId=${DEMO}`, { name: 'Demo produções' }),
      409,
    );
    // Another client's team: as unknown as a missing one, even to a staff member working in Demo.
    const staff = await loginAs(server.app, DEMO_USERS.staff.login);
    for (const token of [owner, staff]) {
      expect(
        expectError(
          await call(token, 'PATCH', `/v1/client-teams/${PALCO}?accountId=${DEMO}`, { name: 'X' }),
          404,
        ),
      ).toBe('Conta não encontrada');
      expectError(await call(token, 'GET', `/v1/client-teams/${PALCO}/members?accountId=${DEMO}`), 404);
    }
  });

  it('needs gerenciarTimes or manageTeamUsers', async () => {
    const operator = await loginAs(server.app, DEMO_USERS.operator.login);
    expectError(await call(operator, 'GET', `/v1/client-teams?accountId=${DEMO}`), 403);
    expectError(await call(operator, 'POST', `/v1/client-teams?accountId=${DEMO}`, { name: 'Nope' }), 403);
    expectError(
      await call(operator, 'PATCH', `/v1/client-teams/${DEMO}?accountId=${DEMO}`, { name: 'Nope' }),
      403,
    );
  });

  it('stores a thumbnail decoded and scaled down, serves it, and refuses what is not an image', async () => {
    const team = (
      await call(owner, 'POST', `/v1/client-teams?accountId=${DEMO}`, { name: 'Com Foto' })
    ).json<Team>();
    const big = await sharp({
      create: { width: 1600, height: 800, channels: 3, background: { r: 200, g: 10, b: 10 } },
    })
      .png()
      .toBuffer();
    const upload = (file: Buffer, type = 'image/png') => {
      const body = multipart(file, { type });
      return server.app.inject({
        method: 'POST',
        url: `/v1/client-teams/${team.id}/thumbnail?accountId=${DEMO}`,
        payload: body.payload,
        headers: { ...bearer(owner), ...body.headers },
      });
    };
    const first = await upload(big);
    expect(first.statusCode, first.body).toBe(200);
    const url = first.json<Team>().thumbnail!;
    expect(url).toMatch(new RegExp(`^/media/teams/${team.id}/[A-Za-z0-9_-]{22}\\.png$`));
    const image = await server.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([512, 256]);
    // The selector shows the new picture.
    expect((await myTeams(owner)).find((t) => t.accountId === team.id)?.thumbnail).toBe(url);

    expectError(await upload(Buffer.from('not an image at all, just text'), 'image/png'), 415);
    // A PNG header on bytes that do not decode.
    expectError(await upload(Buffer.concat([big.subarray(0, 40), Buffer.alloc(200)])), 415);
    // A replacement: the old URL is gone.
    const second = await upload(big);
    expect(second.json<Team>().thumbnail).not.toBe(url);
    expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { guestLinkKey, signGuestLink } from '../src/lib/studio-token.ts';
import { expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { call, logsOf, userWith } from './streams-helpers.ts';

/** The error answer, with its message in the caller's language (pt-BR by default). */
const expectMessage = (res: Parameters<typeof expectError>[0], status: number, text: string) =>
  expect(expectError(res, status)).toBe(text);

let server: TestServer;
let owner: string;
const DEMO: string = DEMO_ACCOUNTS.demoProducoes.id;
const EVENTOS: string = DEMO_ACCOUNTS.eventosAoVivo.id;

beforeAll(async () => {
  server = await startTestServer();
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
});
afterAll(async () => {
  await server?.close();
});

async function newStream(type: 'studio' | 'encoder' = 'studio'): Promise<string> {
  const res = await call(server.app, owner, 'POST', `/v1/live-streams?accountId=${DEMO}`, {
    nome: 'Estúdio de entrevistas',
    scheduledStartTime: '2030-05-01T20:00:00.000Z',
    type,
    studio: { waitingRoomColor: '#112233', studioColor: '#445566' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

interface Link {
  linkId: string;
  token: string;
  path: string;
  expiresAt: string;
}
async function guestLink(live: string, body?: object): Promise<Link> {
  const res = await call(
    server.app,
    owner,
    'POST',
    `/v1/live-streams/${live}/studio/guest-link?accountId=${DEMO}`,
    body,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Link>();
}

let addresses = 0;
/** A guest opening the link and registering (each from an address of its own: registrations are rate-limited). */
const register = (live: string, token: string, name = 'Bia Lima', email = 'bia@example.com') =>
  server.app.inject({
    method: 'POST',
    url: '/v1/studio/lives/participantes',
    payload: { name, email, liveId: live, clientId: null, guestToken: token },
    remoteAddress: `198.51.100.${++addresses % 250}`,
  });
async function join(live: string, token: string, name?: string): Promise<{ id: string; secret: string }> {
  const res = await register(live, token, name);
  expect(res.statusCode, res.body).toBe(200);
  const { guest } = res.json<{ guest: { id: string; secret: string } }>();
  expect(guest.secret.length).toBeGreaterThan(30);
  return guest;
}
const guestState = (guest: { id: string; secret: string }) =>
  server.app.inject({
    method: 'GET',
    url: `/v1/studio/guests/${guest.id}`,
    headers: { authorization: `Bearer ${guest.secret}` },
  });
const act = (live: string, guestId: string, action: 'admit' | 'remove', token = owner, account = DEMO) =>
  call(
    server.app,
    token,
    'PUT',
    `/v1/live-streams/${live}/studio/guests/${guestId}/${action}?accountId=${account}`,
  );
const guests = async (live: string) => {
  const res = await call(
    server.app,
    owner,
    'GET',
    `/v1/live-streams/${live}/studio/guests?accountId=${DEMO}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Array<{ id: string; name: string; status: string }>; maxStage: number }>();
};

describe('studio guest links', () => {
  it('hands out one link while it is valid, which opens the studio look; renew makes another', async () => {
    const live = await newStream();
    const first = await guestLink(live);
    expect(first.path).toBe(`/studio/${live}/guest?t=${encodeURIComponent(first.token)}`);
    expect(Date.parse(first.expiresAt) - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect((await guestLink(live)).linkId).toBe(first.linkId);
    expect((await guestLink(live, { renew: true, validHours: 2 })).linkId).not.toBe(first.linkId);

    const look = await server.app.inject({
      method: 'GET',
      url: `/v1/studio/lives/${live}/guest-link?t=${first.token}`,
    });
    expect(look.statusCode, look.body).toBe(200);
    expect(look.json()).toMatchObject({
      liveId: live,
      title: 'Estúdio de entrevistas',
      waitingRoomColor: 'rgba(17, 34, 51, 1)',
      studioColor: 'rgba(68, 85, 102, 1)',
    });
    // Creating a link is in the team's log; handing the same link out again writes nothing.
    expect((await logsOf(server.app, live)).filter((l) => l.event === 'LINK_CONVIDADO_CRIADO')).toHaveLength(
      2,
    );
  });

  it('refuses a forged, expired, revoked or other live’s token with 404, and registers nobody through it', async () => {
    const live = await newStream();
    const other = await newStream();
    const link = await guestLink(live);
    const key = guestLinkKey(server.app.jwtKey);
    const look = (liveId: string, token: string) =>
      server.app.inject({
        method: 'GET',
        url: `/v1/studio/lives/${liveId}/guest-link?t=${encodeURIComponent(token)}`,
      });

    expect((await look(other, link.token)).statusCode).toBe(404);
    const forged = await signGuestLink(
      new TextEncoder().encode('not the server key'),
      { linkId: link.linkId, liveId: live },
      new Date(Date.now() + 3600_000),
    );
    expectMessage(await look(live, forged), 404, 'Link de convidado inválido, expirado ou revogado');
    const expiredToken = await signGuestLink(
      key,
      { linkId: link.linkId, liveId: live },
      new Date(Date.now() - 1000),
    );
    expect((await look(live, expiredToken)).statusCode).toBe(404);
    // The link itself past its expiry: its tokens stop working even if they claim more time.
    const longer = await signGuestLink(
      key,
      { linkId: link.linkId, liveId: live },
      new Date(Date.now() + 7 * 86400_000),
    );
    expect((await look(live, longer)).statusCode).toBe(200);
    await server.app.db
      .updateTable('studio_guest_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', link.linkId)
      .execute();
    expect((await look(live, longer)).statusCode).toBe(404);
    expect((await register(live, longer)).statusCode).toBe(404);

    // Revoked: the link and the guests who came through it.
    const fresh = await guestLink(live);
    const guest = await join(live, fresh.token);
    const revoke = await call(
      server.app,
      owner,
      'DELETE',
      `/v1/live-streams/${live}/studio/guest-link?accountId=${DEMO}`,
    );
    expect(revoke.statusCode, revoke.body).toBe(204);
    expect((await look(live, fresh.token)).statusCode).toBe(404);
    expect((await register(live, fresh.token)).statusCode).toBe(404);
    expect((await guestState(guest)).json().guest.status).toBe('removed');
    expect((await guests(live)).items).toEqual([]);
    expect((await logsOf(server.app, live)).map((l) => l.event)).toContain('LINK_CONVIDADO_REMOVIDO');
  });

  it('is the team’s: another team answers 404, an encoder stream 409, a user without showStreaming 403', async () => {
    const live = await newStream();
    const path = `/v1/live-streams/${live}/studio/guest-link`;
    expect((await call(server.app, owner, 'POST', `${path}?accountId=${EVENTOS}`)).statusCode).toBe(404);
    expect(
      (await call(server.app, owner, 'GET', `/v1/live-streams/${live}/studio/guests?accountId=${EVENTOS}`))
        .statusCode,
    ).toBe(404);
    const encoder = await newStream('encoder');
    expectMessage(
      await call(
        server.app,
        owner,
        'POST',
        `/v1/live-streams/${encoder}/studio/guest-link?accountId=${DEMO}`,
      ),
      409,
      'Esta transmissão não é do tipo estúdio',
    );
    const viewer = await userWith(server.app, DEMO, 'studio-historian@palco.test', ['showHistory']);
    expect((await call(server.app, viewer, 'POST', `${path}?accountId=${DEMO}`)).statusCode).toBe(403);
    // Bounds: validity 1 hour to 30 days.
    expect(
      (await call(server.app, owner, 'POST', `${path}?accountId=${DEMO}`, { validHours: 0 })).statusCode,
    ).toBe(400);
    expect(
      (await call(server.app, owner, 'POST', `${path}?accountId=${DEMO}`, { validHours: 721 })).statusCode,
    ).toBe(400);
  });
});

describe('the waiting room', () => {
  it('admits and removes guests; the guest sees its state; a wrong secret is 401', async () => {
    const live = await newStream();
    const link = await guestLink(live);
    const bia = await join(live, link.token, 'Bia Lima');
    const caio = await join(live, link.token, 'Caio Souza');
    expect((await guestState(bia)).json()).toMatchObject({
      guest: { id: bia.id, name: 'Bia Lima', status: 'waiting' },
      look: { liveId: live, waitingRoomColor: 'rgba(17, 34, 51, 1)' },
    });
    expect((await guests(live)).items.map((g) => [g.name, g.status])).toEqual([
      ['Bia Lima', 'waiting'],
      ['Caio Souza', 'waiting'],
    ]);

    const admitted = await act(live, bia.id, 'admit');
    expect(admitted.statusCode, admitted.body).toBe(200);
    expect((await guestState(bia)).json().guest.status).toBe('admitted');
    // Admitting twice, or a guest of another live: 409 and 404.
    expectMessage(await act(live, bia.id, 'admit'), 409, 'Este convidado não está na sala de espera');
    const other = await newStream();
    expect((await act(other, bia.id, 'admit')).statusCode).toBe(404);
    expect((await act(live, bia.id, 'admit', owner, EVENTOS)).statusCode).toBe(404);

    expect((await act(live, caio.id, 'remove')).statusCode).toBe(200);
    expect((await guestState(caio)).json().guest.status).toBe('removed');
    expect((await guests(live)).items.map((g) => [g.name, g.status])).toEqual([['Bia Lima', 'admitted']]);
    expect((await logsOf(server.app, live)).map((l) => l.event)).toEqual(
      expect.arrayContaining(['CONVIDADO_AUTORIZADO', 'CONVIDADO_REMOVIDO']),
    );

    const wrong = await server.app.inject({
      method: 'GET',
      url: `/v1/studio/guests/${bia.id}`,
      headers: { authorization: `Bearer ${caio.secret}` },
    });
    expectMessage(wrong, 401, 'Sessão de convidado inválida: abra o link de convidado de novo');
    expect((await server.app.inject({ method: 'GET', url: `/v1/studio/guests/${bia.id}` })).statusCode).toBe(
      401,
    );

    // The guest leaves: gone from the presenter's list.
    const leave = await server.app.inject({
      method: 'DELETE',
      url: `/v1/studio/guests/${bia.id}`,
      headers: { authorization: `Bearer ${bia.secret}` },
    });
    expect(leave.statusCode).toBe(204);
    expect((await guests(live)).items).toEqual([]);
  });

  it('takes up to 8 guests on the stage and 20 waiting; a guest gone quiet leaves the list', async () => {
    const live = await newStream();
    const link = await guestLink(live);
    const joined = [];
    for (let i = 0; i < 9; i++)
      joined.push(await join(live, link.token, `Convidado ${String.fromCharCode(65 + i)}`));
    for (const guest of joined.slice(0, 8)) expect((await act(live, guest.id, 'admit')).statusCode).toBe(200);
    expectMessage(
      await act(live, joined[8]!.id, 'admit'),
      409,
      'O palco já tem 8 convidados: remova um antes de admitir outro',
    );
    expect((await act(live, joined[0]!.id, 'remove')).statusCode).toBe(200);
    expect((await act(live, joined[8]!.id, 'admit')).statusCode).toBe(200);

    for (let i = 0; i < 20; i++) await join(live, link.token, `Espera ${String.fromCharCode(65 + i)}`);
    expectMessage(
      await register(live, link.token),
      429,
      'A sala de espera está cheia (20 convidados): tente novamente mais tarde',
    );

    // A page that stopped asking for its state (closed tab) no longer counts nor shows.
    await server.app.db
      .updateTable('studio_guests')
      .set({ seen_at: new Date(Date.now() - 60_000) })
      .where('live_id', '=', live)
      .where('status', '=', 'waiting')
      .execute();
    expect((await guests(live)).items.filter((g) => g.status === 'waiting')).toEqual([]);
    expect((await register(live, link.token)).statusCode).toBe(200);
  });

  it('checks the registration like the classroom’s (name, e-mail) and bounds the token', async () => {
    const live = await newStream();
    const link = await guestLink(live);
    const bad = await server.app.inject({
      method: 'POST',
      url: '/v1/studio/lives/participantes',
      payload: { name: '<script>', email: 'bia@example.com', liveId: live, guestToken: link.token },
      remoteAddress: '192.0.2.10',
    });
    expectMessage(bad, 400, 'Nome inserido inválido');
    const long = await server.app.inject({
      method: 'POST',
      url: '/v1/studio/lives/participantes',
      payload: { name: 'Bia', email: 'bia@example.com', liveId: live, guestToken: 'x'.repeat(1001) },
      remoteAddress: '192.0.2.11',
    });
    expect(long.statusCode).toBe(400);
    expect((await guests(live)).items).toEqual([]);
  });
});

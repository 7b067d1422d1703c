import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeOverlays } from '../src/db/repositories/overlays.ts';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import type { AccountEvent } from '../src/services/events.ts';
import { expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { call, logsOf, multipart, PNG, userWith } from './streams-helpers.ts';

let server: TestServer;
let owner: string;
let operator: string;
const DEMO: string = DEMO_ACCOUNTS.demoProducoes.id;
const EVENTOS: string = DEMO_ACCOUNTS.eventosAoVivo.id;

beforeAll(async () => {
  server = await startTestServer();
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
  operator = await loginAs(server.app, DEMO_USERS.operator.login);
});
afterAll(async () => {
  await server?.close();
});

const base = (account = DEMO) => `/v1/accounts/${account}/overlays`;
const TEXT = { name: 'Placar', kind: 'text', text: 'Ao vivo', position: 'top-right', widthPercent: 20 };

async function create(body: object = TEXT, account = DEMO, token = owner) {
  const res = await call(server.app, token, 'POST', `${base(account)}?accountId=${account}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; imageUrl: string | null };
}

async function newStream(account = DEMO): Promise<string> {
  const res = await call(server.app, owner, 'POST', `/v1/live-streams?accountId=${account}`, {
    nome: 'Aula com overlay',
    scheduledStartTime: '2030-05-01T20:00:00Z',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

describe('a team’s overlays', () => {
  it('are created, listed, changed and removed, each change in the activity log', async () => {
    const created = await create({ ...TEXT, color: '#FFCC00' });
    const list = await call(server.app, operator, 'GET', `${base()}?accountId=${DEMO}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toContainEqual(
      expect.objectContaining({ id: created.id, text: 'Ao vivo', color: '#ffcc00', position: 'top-right' }),
    );
    const changed = await call(server.app, owner, 'PATCH', `${base()}/${created.id}?accountId=${DEMO}`, {
      text: 'Intervalo',
      widthPercent: 30,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ text: 'Intervalo', widthPercent: 30 });
    const removed = await call(server.app, owner, 'DELETE', `${base()}/${created.id}?accountId=${DEMO}`);
    expect(removed.statusCode).toBe(204);
    const again = await call(server.app, owner, 'DELETE', `${base()}/${created.id}?accountId=${DEMO}`);
    expectError(again, 404);
    expect((await logsOf(server.app, created.id)).map((l) => l.event)).toEqual([
      'OVERLAY_CRIADO',
      'OVERLAY_ATUALIZADO',
      'OVERLAY_REMOVIDO',
    ]);
  });

  it('refuses out-of-bounds input with a message, never a 5xx', async () => {
    const url = `${base()}?accountId=${DEMO}`;
    for (const body of [
      { ...TEXT, widthPercent: 4 },
      { ...TEXT, widthPercent: 101 },
      { ...TEXT, color: 'red' },
      { ...TEXT, position: 'middle' },
      { ...TEXT, text: 'x'.repeat(201) },
      { ...TEXT, name: '' },
      { ...TEXT, kind: 'video' },
    ]) {
      const res = await call(server.app, owner, 'POST', url, body);
      expect([JSON.stringify(body).slice(0, 60), res.statusCode]).toEqual([
        JSON.stringify(body).slice(0, 60),
        400,
      ]);
    }
    const noText = await call(
      server.app,
      owner,
      'POST',
      url,
      { ...TEXT, text: null },
      { 'accept-language': 'en' },
    );
    expect(expectError(noText, 400)).toBe('A text overlay needs a text');
  });

  it('answers 404 for another team’s overlays, and 403 without the stream-editing permission', async () => {
    const theirs = await create(TEXT, EVENTOS);
    // The operator is no member of Eventos: the team is not found.
    expectError(await call(server.app, operator, 'GET', `${base(EVENTOS)}?accountId=${DEMO}`), 404);
    // Through a team the caller does belong to, another team's overlay is missing.
    const patch = await call(server.app, owner, 'PATCH', `${base()}/${theirs.id}?accountId=${DEMO}`, {
      name: 'x',
    });
    expectError(patch, 404);
    const live = await newStream();
    const on = await call(server.app, owner, 'PUT', `/v1/live-streams/${live}/overlays?accountId=${DEMO}`, {
      overlayIds: [theirs.id],
    });
    expectError(on, 404);
    const viewer = await userWith(server.app, DEMO, 'sem-overlay@palco.test', ['showVOD']);
    expectError(await call(server.app, viewer, 'GET', `${base()}?accountId=${DEMO}`), 403);
  });

  it('stores an uploaded image re-encoded and serves it without a token; refuses what is not one', async () => {
    const overlay = await create({ name: 'Logo', kind: 'image', position: 'bottom-left', widthPercent: 10 });
    const send = (content: Buffer) => {
      const body = multipart(content);
      return server.app.inject({
        method: 'POST',
        url: `${base()}/${overlay.id}/image?accountId=${DEMO}`,
        headers: { authorization: `Bearer ${owner}`, ...body.headers },
        payload: body.payload,
      });
    };
    expectError(await send(Buffer.from('<svg onload="alert(1)"></svg>')), 415);
    const res = await send(PNG);
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().imageUrl;
    expect(url).toMatch(new RegExp(`^/media/overlays/${DEMO}/${overlay.id}-[A-Za-z0-9_-]{22}\\.png$`));
    const image = await server.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const text = await create();
    const wrong = multipart(PNG);
    const refused = await server.app.inject({
      method: 'POST',
      url: `${base()}/${text.id}/image?accountId=${DEMO}`,
      headers: { authorization: `Bearer ${owner}`, ...wrong.headers },
      payload: wrong.payload,
    });
    expectError(refused, 409);
  });
});

describe('overlays on a live', () => {
  it('turn on and off during the live, reach the viewers’ event and the playback repository', async () => {
    const live = await newStream();
    const first = await create({ ...TEXT, text: 'Primeiro' });
    const second = await create({ ...TEXT, text: 'Segundo', position: 'center' });
    const events: AccountEvent[] = [];
    const sub = await server.app.events.subscribe(DEMO, (event) => {
      if (event.evento === 'live.overlays') events.push(event);
    });
    const url = `/v1/live-streams/${live}/overlays?accountId=${DEMO}`;
    const on = await call(server.app, operator, 'PUT', url, { overlayIds: [second.id, first.id] });
    expect(on.statusCode, on.body).toBe(200);
    expect((await call(server.app, owner, 'GET', url)).json().overlayIds).toEqual([second.id, first.id]);
    const shown = await activeOverlays(server.app.db, live);
    expect(shown.map((o) => o.text)).toEqual(['Segundo', 'Primeiro']);
    expect(shown[0]).toEqual({
      id: second.id,
      kind: 'text',
      text: 'Segundo',
      imageUrl: null,
      position: 'center',
      widthPercent: 20,
      color: null,
    });
    // Removing an overlay that is on takes it off the live, and viewers are told.
    await call(server.app, owner, 'DELETE', `${base()}/${second.id}?accountId=${DEMO}`);
    expect((await activeOverlays(server.app.db, live)).map((o) => o.id)).toEqual([first.id]);
    await expect.poll(() => events.length).toBe(2);
    sub.unsubscribe();
    expect(events[0]).toMatchObject({ liveId: live, overlays: [{ id: second.id }, { id: first.id }] });
    expect(events[1]).toMatchObject({ liveId: live, overlays: [{ id: first.id }] });
    expect((await logsOf(server.app, live)).map((l) => l.event)).toContain(
      'OVERLAYS_TRANSMISSAO_ATUALIZADOS',
    );
    const tooMany = await call(server.app, owner, 'PUT', url, {
      overlayIds: Array.from({ length: 11 }, (_, i) => `00000000-0000-4000-8000-0000000000${10 + i}`),
    });
    expectError(tooMany, 400);
  });
});

describe('the playback answer', () => {
  it('carries the overlays that are on for the live, as viewers draw them', async () => {
    const live = await newStream();
    const overlay = await create({ ...TEXT, text: 'Bem-vindos', color: '#00FF00' });
    const url = `/v1/live-streams/${live}/overlays?accountId=${DEMO}`;
    expect((await call(server.app, owner, 'PUT', url, { overlayIds: [overlay.id] })).statusCode).toBe(200);
    const res = await server.app.inject({ method: 'GET', url: `/v1/public/lives/${live}/playback` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().overlays).toEqual([
      {
        id: overlay.id,
        kind: 'text',
        text: 'Bem-vindos',
        imageUrl: null,
        position: 'top-right',
        widthPercent: 20,
        color: '#00ff00',
      },
    ]);
  });
});

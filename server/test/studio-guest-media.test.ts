import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { whepSubscribe, whipPublish } from './helpers/whip-client.ts';
import { loginAs, startTestServer, type TestServer } from './helpers.ts';
import { call } from './streams-helpers.ts';

// A studio guest's camera and microphone reach the presenter's page through the server's forwarding
// unit (docs/studio.md "Studio page and guests"): a real werift peer fed by ffmpeg publishes as the
// guest, another receives as the presenter, over the listening server's HTTP and WebRTC.

const DEMO: string = DEMO_ACCOUNTS.demoProducoes.id;
let server: TestServer;
let owner: string;
let base: string;

beforeAll(async () => {
  const defaults = loadConfig({});
  server = await startTestServer({ webrtc: { ...defaults.webrtc, interfaceAddress: '127.0.0.1' } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
});
afterAll(async () => {
  await server?.close();
});

async function waitingGuest() {
  const created = await call(server.app, owner, 'POST', `/v1/live-streams?accountId=${DEMO}`, {
    nome: 'Entrevista',
    scheduledStartTime: '2030-05-01T20:00:00.000Z',
    type: 'studio',
  });
  expect(created.statusCode, created.body).toBe(201);
  const live = created.json<{ id: string }>().id;
  const link = await call(
    server.app,
    owner,
    'POST',
    `/v1/live-streams/${live}/studio/guest-link?accountId=${DEMO}`,
  );
  const joined = await server.app.inject({
    method: 'POST',
    url: '/v1/studio/lives/participantes',
    payload: { name: 'Bia Lima', email: 'bia@example.com', liveId: live, guestToken: link.json().token },
  });
  expect(joined.statusCode, joined.body).toBe(200);
  return { live, guest: joined.json<{ guest: { id: string; secret: string } }>().guest };
}

describe('a guest’s media', () => {
  it('is refused before admission, then forwarded to the presenter; removing the guest ends it', async () => {
    const { live, guest } = await waitingGuest();
    const whip = `${base}/v1/studio/guests/${guest.id}/whip`;
    const early = await whipPublish(whip, guest.secret);
    expect(early.status, early.body).toBe(403);
    expect(JSON.parse(early.body).message).toBe('O convidado ainda não foi admitido no palco');
    await early.stop();
    const wrong = await whipPublish(whip, 'not-the-secret');
    expect(wrong.status).toBe(401);
    await wrong.stop();

    const whep = `${base}/v1/live-streams/${live}/studio/guests/${guest.id}/whep?accountId=${DEMO}`;
    const auth = { authorization: `Bearer ${owner}` };
    const notYet = await whepSubscribe(whep, auth);
    expect(notYet.status).toBe(409);
    await notYet.stop();

    await admit(live, guest.id);
    const publisher = await whipPublish(whip, guest.secret);
    expect(publisher.status, publisher.body).toBe(201);
    expect(publisher.location).toMatch(new RegExp(`/v1/studio/guests/${guest.id}/whip/[0-9a-f-]{36}$`));
    await publisher.connected;

    // Nobody else receives the guest: a session of another team is 404, no session is 401.
    expect((await whepSubscribe(whep.replace(DEMO, DEMO_ACCOUNTS.eventosAoVivo.id), auth)).status).toBe(404);
    expect((await whepSubscribe(whep)).status).toBe(401);

    const presenter = await whepSubscribe(whep, auth);
    expect(presenter.status, presenter.body).toBe(201);
    await presenter.connected;
    await presenter.firstVideo;
    const before = presenter.packets.video;
    await expect.poll(() => presenter.packets.video, { timeout: 10_000 }).toBeGreaterThan(before + 20);
    await expect.poll(() => presenter.packets.audio, { timeout: 10_000 }).toBeGreaterThan(10);

    // Removed: the guest's publish ends, and the presenter's receiver with it.
    const remove = await call(
      server.app,
      owner,
      'PUT',
      `/v1/live-streams/${live}/studio/guests/${guest.id}/remove?accountId=${DEMO}`,
    );
    expect(remove.statusCode).toBe(200);
    const room = `guest:${live}:${guest.id}`;
    await expect.poll(() => server.app.webrtc.hasPublisher(room), { timeout: 5_000 }).toBe(false);
    await expect.poll(() => server.app.webrtc.subscriberCount(room), { timeout: 5_000 }).toBe(0);
    // …and a removed guest cannot publish again.
    const again = await whipPublish(whip, guest.secret);
    expect(again.status).toBe(403);
    await again.stop();
    await presenter.stop();
    await publisher.stop();
  });
});

describe('a guest whose browser is gone', () => {
  it('leaves the stage within seconds, is not asked for meanwhile, and is back once its page publishes again', async () => {
    const { live, guest } = await waitingGuest();
    await admit(live, guest.id);
    const list = async () => {
      const res = await call(
        server.app,
        owner,
        'GET',
        `/v1/live-streams/${live}/studio/guests?accountId=${DEMO}`,
      );
      expect(res.statusCode).toBe(200);
      return res.json<{ items: { id: string; status: string; publishing?: boolean }[] }>().items;
    };
    // On the stage, no camera yet: listed, but not to be asked for (no 409 loop on the presenter's side).
    expect(await list()).toEqual([expect.objectContaining({ id: guest.id, publishing: false })]);
    const whip = `${base}/v1/studio/guests/${guest.id}/whip`;
    const first = await whipPublish(whip, guest.secret);
    expect(first.status, first.body).toBe(201);
    await first.connected;
    expect(await list()).toEqual([expect.objectContaining({ id: guest.id, publishing: true })]);

    // The browser closes: no DELETE, no more polls. The guest leaves the list within seconds (its
    // page's polls stop; not after the waiting room's 30 s presence window).
    const closedAt = Date.now();
    await first.stop();
    await expect.poll(async () => (await list()).length, { timeout: 15_000, interval: 250 }).toBe(0);
    expect(Date.now() - closedAt).toBeLessThan(15_000);

    // The guest opens the link again (a new page: the old session may still be on the server until
    // the core's timeout): listed again, and its new publish replaces the old one at once rather than
    // being refused while the old one lingers.
    const self = async () => {
      const res = await server.app.inject({
        method: 'GET',
        url: `/v1/studio/guests/${guest.id}`,
        headers: { authorization: `Bearer ${guest.secret}` },
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ guest: { status: string; publishing?: boolean } }>().guest;
    };
    expect(await self()).toMatchObject({ status: 'admitted' });
    expect(await list()).toEqual([expect.objectContaining({ id: guest.id })]);
    const second = await whipPublish(whip, guest.secret);
    expect(second.status, second.body).toBe(201);
    await second.connected;
    expect(await self()).toMatchObject({ publishing: true });
    expect(await list()).toEqual([expect.objectContaining({ id: guest.id, publishing: true })]);

    // The media session ends on the server's side by itself (as the core does when the guest's
    // connection fails): the guest is off the list at once, until its page is seen again.
    const sessionId = second.location!.split('/').pop()!;
    await server.app.webrtc.close(sessionId);
    await expect.poll(async () => (await list()).length, { timeout: 3_000, interval: 100 }).toBe(0);
    expect(await self()).toMatchObject({ status: 'admitted', publishing: false });
    expect(await list()).toEqual([expect.objectContaining({ id: guest.id, publishing: false })]);
    await second.stop();
  });
});

/** The presenter admits a waiting guest to the stage. */
async function admit(live: string, guestId: string) {
  const res = await call(
    server.app,
    owner,
    'PUT',
    `/v1/live-streams/${live}/studio/guests/${guestId}/admit?accountId=${DEMO}`,
  );
  expect(res.statusCode).toBe(200);
}

/** A guest admitted and publishing to the listening server, and the presenter receiving it. */
async function guestOnStage() {
  const { live, guest } = await waitingGuest();
  await admit(live, guest.id);
  const whip = `${base}/v1/studio/guests/${guest.id}/whip`;
  const publisher = await whipPublish(whip, guest.secret);
  expect(publisher.status, publisher.body).toBe(201);
  await publisher.connected;
  const whep = `${base}/v1/live-streams/${live}/studio/guests/${guest.id}/whep?accountId=${DEMO}`;
  const auth = { authorization: `Bearer ${owner}` };
  const presenter = await whepSubscribe(whep, auth);
  expect(presenter.status, presenter.body).toBe(201);
  await presenter.connected;
  await presenter.firstVideo;
  const before = presenter.packets.video;
  await expect.poll(() => presenter.packets.video, { timeout: 10_000 }).toBeGreaterThan(before + 20);
  return { live, guest, whip, whep, auth, publisher, presenter, room: `guest:${live}:${guest.id}` };
}

/** What the guest and the presenter see once the guest was sent away (docs/studio.md "Guests"). */
async function expectSentAway(stage: Awaited<ReturnType<typeof guestOnStage>>) {
  const { live, guest, whip, whep, auth, publisher, presenter, room } = stage;
  // The guest page is told (its next poll), and the guest's publish is over: its own WHIP session is
  // gone (DELETE 404), the server holds no publisher nor receiver of the guest any more.
  const state = await server.app.inject({
    method: 'GET',
    url: `/v1/studio/guests/${guest.id}`,
    headers: { authorization: `Bearer ${guest.secret}` },
  });
  expect(state.statusCode).toBe(200);
  expect(state.json().guest.status).toBe('removed');
  await expect.poll(() => server.app.webrtc.hasPublisher(room), { timeout: 3_000 }).toBe(false);
  await expect.poll(() => server.app.webrtc.subscriberCount(room), { timeout: 3_000 }).toBe(0);
  const ended = await fetch(publisher.location!, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${guest.secret}` },
  });
  expect(ended.status).toBe(404);
  expect(presenter.location).not.toBeNull();
  const presenterEnded = await fetch(`${presenter.location}?accountId=${DEMO}`, {
    method: 'DELETE',
    headers: auth,
  });
  expect(presenterEnded.status).toBe(404);
  // Nothing more with the old credentials: the guest cannot publish again, the presenter cannot
  // receive the guest, the old link opens nothing.
  const again = await whipPublish(whip, guest.secret);
  expect(again.status).toBe(403);
  await again.stop();
  const receive = await whepSubscribe(whep, auth);
  expect(receive.status).toBe(404);
  await receive.stop();
  expect(
    (
      await server.app.inject({
        method: 'GET',
        url: `/v1/live-streams/${live}/studio/guests?accountId=${DEMO}`,
        headers: auth,
      })
    ).json().items,
  ).toEqual([]);
  await presenter.stop();
  await publisher.stop();
}

describe('revoking the guest links', () => {
  it('sends an admitted guest away at once: its media ends, the presenter receives it no more', async () => {
    const stage = await guestOnStage();
    const revoke = await call(
      server.app,
      owner,
      'DELETE',
      `/v1/live-streams/${stage.live}/studio/guest-link?accountId=${DEMO}`,
    );
    expect(revoke.statusCode).toBe(204);
    await expectSentAway(stage);
  });

  // Another instance of the same database answers the revocation: the guest's WebRTC session lives on
  // the instance that answered its publish, which hears of it through the event bus (PostgreSQL
  // LISTEN/NOTIFY; the embedded database is one process).
  it.skipIf(!process.env.DATABASE_URL)(
    'ends the guest’s media when another instance revokes the links',
    async () => {
      const stage = await guestOnStage();
      let other: FastifyInstance | undefined;
      try {
        other = await buildApp(server.config);
        const revoke = await call(
          other,
          owner,
          'DELETE',
          `/v1/live-streams/${stage.live}/studio/guest-link?accountId=${DEMO}`,
        );
        expect(revoke.statusCode).toBe(204);
        await expectSentAway(stage);
      } finally {
        await other?.close();
      }
    },
  );
});

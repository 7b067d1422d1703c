import { expect } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/db/seed.ts';
import type { EVENT_TYPES } from '../src/lib/event-types.ts';
import { offerPeer } from './helpers/whip-client.ts';
import type { Call } from './logs-coverage-call.ts';

// The studio guests' exercises of logs-coverage.test.ts (same contract as logs-coverage-admin.ts).

interface StudioCtx {
  call: Call;
  act: Call;
  owner: string;
}
type Expected = { event: keyof typeof EVENT_TYPES | null; why?: string; actor?: string | null };

const DEMO = DEMO_ACCOUNTS.demoProducoes.id;

async function studioStream(ctx: StudioCtx): Promise<string> {
  const res = await ctx.call(ctx.owner, 'POST', `/v1/live-streams?accountId=${DEMO}`, {
    nome: 'Estúdio',
    scheduledStartTime: '2030-03-10T19:30:00.000Z',
    type: 'studio',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

/** A studio stream and a guest waiting in it. */
async function waitingGuest(ctx: StudioCtx) {
  const live = await studioStream(ctx);
  const link = await ctx.call(
    ctx.owner,
    'POST',
    `/v1/live-streams/${live}/studio/guest-link?accountId=${DEMO}`,
  );
  expect(link.statusCode, link.body).toBe(200);
  const joined = await ctx.call(null, 'POST', '/v1/studio/lives/participantes', {
    name: 'Ana Lima',
    email: 'ana@escola.test',
    liveId: live,
    guestToken: link.json<{ token: string }>().token,
  });
  expect(joined.statusCode, joined.body).toBe(200);
  return { live, guest: joined.json<{ guest: { id: string; secret: string } }>().guest };
}

/** An SDP offer body (the peer is closed once made) with this Bearer. */
async function offer(kind: 'publish' | 'subscribe', bearer: string) {
  const peer = await offerPeer(kind);
  await peer.pc.close();
  return {
    payload: Buffer.from(peer.offer),
    headers: { 'content-type': 'application/sdp', authorization: `Bearer ${bearer}` },
  };
}

/** An admitted guest publishing (a real offer answered; the peer itself is gone). */
async function publishingGuest(ctx: StudioCtx) {
  const { live, guest } = await waitingGuest(ctx);
  const admit = await ctx.call(
    ctx.owner,
    'PUT',
    `/v1/live-streams/${live}/studio/guests/${guest.id}/admit?accountId=${DEMO}`,
  );
  expect(admit.statusCode, admit.body).toBe(200);
  const published = await ctx.call(
    null,
    'POST',
    `/v1/studio/guests/${guest.id}/whip`,
    await offer('publish', guest.secret),
  );
  expect(published.statusCode, published.body).toBe(201);
  return { live, guest, location: published.headers.location as string };
}

const MEDIA_WHY =
  'media sessions come and go with the connection; the team’s log keeps who was admitted or removed';

export function studioExercises(): Record<string, (ctx: StudioCtx) => Promise<Expected>> {
  return {
    'POST /v1/studio/guests/:guestId/whip': async (ctx) => {
      const { live, guest } = await waitingGuest(ctx);
      await ctx.call(
        ctx.owner,
        'PUT',
        `/v1/live-streams/${live}/studio/guests/${guest.id}/admit?accountId=${DEMO}`,
      );
      const res = await ctx.act(
        null,
        'POST',
        `/v1/studio/guests/${guest.id}/whip`,
        await offer('publish', guest.secret),
      );
      await ctx.call(null, 'DELETE', res.headers.location as string, {
        payload: Buffer.alloc(0),
        headers: { authorization: `Bearer ${guest.secret}` },
      });
      return { event: null, why: MEDIA_WHY };
    },
    'DELETE /v1/studio/guests/:guestId/whip/:sessionId': async (ctx) => {
      const { guest, location } = await publishingGuest(ctx);
      await ctx.act(null, 'DELETE', location, {
        payload: Buffer.alloc(0),
        headers: { authorization: `Bearer ${guest.secret}` },
      });
      return { event: null, why: MEDIA_WHY };
    },
    'POST /v1/live-streams/:id/studio/guests/:guestId/whep': async (ctx) => {
      const { live, guest, location } = await publishingGuest(ctx);
      const url = `/v1/live-streams/${live}/studio/guests/${guest.id}/whep?accountId=${DEMO}`;
      const res = await ctx.act(null, 'POST', url, await offer('subscribe', ctx.owner));
      await ctx.call(ctx.owner, 'DELETE', `${res.headers.location as string}?accountId=${DEMO}`);
      await ctx.call(null, 'DELETE', location, {
        payload: Buffer.alloc(0),
        headers: { authorization: `Bearer ${guest.secret}` },
      });
      return { event: null, why: MEDIA_WHY };
    },
    'DELETE /v1/live-streams/:id/studio/guests/:guestId/whep/:sessionId': async (ctx) => {
      const { live, guest, location } = await publishingGuest(ctx);
      const url = `/v1/live-streams/${live}/studio/guests/${guest.id}/whep?accountId=${DEMO}`;
      const res = await ctx.call(null, 'POST', url, await offer('subscribe', ctx.owner));
      expect(res.statusCode, res.body).toBe(201);
      await ctx.act(ctx.owner, 'DELETE', `${res.headers.location as string}?accountId=${DEMO}`);
      await ctx.call(null, 'DELETE', location, {
        payload: Buffer.alloc(0),
        headers: { authorization: `Bearer ${guest.secret}` },
      });
      return { event: null, why: MEDIA_WHY };
    },
    'POST /v1/live-streams/:id/studio/chat': async (ctx) => {
      const live = await studioStream(ctx);
      await ctx.act(ctx.owner, 'POST', `/v1/live-streams/${live}/studio/chat?accountId=${DEMO}`, {
        text: 'Bem-vindos',
      });
      return { event: null, why: "the host's chat message is the chat itself, not a change to the team" };
    },
    'POST /v1/live-streams/:id/studio/guest-link': async (ctx) => {
      const live = await studioStream(ctx);
      await ctx.act(ctx.owner, 'POST', `/v1/live-streams/${live}/studio/guest-link?accountId=${DEMO}`);
      return { event: 'LINK_CONVIDADO_CRIADO' };
    },
    'DELETE /v1/live-streams/:id/studio/guest-link': async (ctx) => {
      const { live } = await waitingGuest(ctx);
      await ctx.act(ctx.owner, 'DELETE', `/v1/live-streams/${live}/studio/guest-link?accountId=${DEMO}`);
      return { event: 'LINK_CONVIDADO_REMOVIDO' };
    },
    'PUT /v1/live-streams/:id/studio/guests/:guestId/:action': async (ctx) => {
      const { live, guest } = await waitingGuest(ctx);
      await ctx.act(
        ctx.owner,
        'PUT',
        `/v1/live-streams/${live}/studio/guests/${guest.id}/admit?accountId=${DEMO}`,
      );
      return { event: 'CONVIDADO_AUTORIZADO' };
    },
    'DELETE /v1/studio/guests/:guestId': async (ctx) => {
      const { guest } = await waitingGuest(ctx);
      // The guest's session secret is its Bearer.
      await ctx.act(guest.secret, 'DELETE', `/v1/studio/guests/${guest.id}`);
      return {
        event: null,
        why: 'a guest leaving the waiting room is the guest’s own state, not a change by the team',
      };
    },
  };
}

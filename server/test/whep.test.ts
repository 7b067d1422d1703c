import { setTimeout as sleep } from 'node:timers/promises';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { DEMO_USERS } from '../src/db/seed.ts';
import type { Security } from '../src/db/tables/streams.ts';
import type { WebRtcCore } from '../src/media/webrtc/core.ts';
import { liveRoom } from '../src/media/whep-sessions.ts';
import { feedTracks, offerPeer, whepSubscribe } from './helpers/whip-client.ts';
import { loginAs, startTestServer, type TestServer } from './helpers.ts';
import { call } from './streams-helpers.ts';
import { DEMO } from './video-helpers.ts';

// WHEP playback (docs/playback.md "WHEP"): every rule of the public playback applies to the WebRTC
// offer as it does to the HLS media, before anything is forwarded.

let server: TestServer;
let owner: string;
let liveId: string;
let core: WebRtcCore;
let base: string;

/** A browser's recvonly offer, as far as the route reads it. */
const OFFER = [
  'v=0',
  'o=- 1 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'm=video 9 UDP/TLS/RTP/SAVPF 96',
  'a=recvonly',
  'a=rtpmap:96 H264/90000',
  '',
].join('\r\n');

const post = (url: string, headers: Record<string, string> = {}, payload = OFFER) =>
  server.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/sdp', ...headers },
  });

function reasonOf(res: LightMyRequestResponse, status: number): string {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ statusCode: number; message: string; reason: string }>();
  expect(body.statusCode).toBe(status);
  expect(body.message.length).toBeGreaterThan(0);
  return body.reason;
}

async function setLive(values: { security?: Security; latency?: string; status?: string }) {
  await server.app.db
    .updateTable('live_streams')
    .set({
      ...(values.security ? { security: JSON.stringify(values.security) } : {}),
      ...(values.latency ? { latency: values.latency as 'ultraLow' } : {}),
      ...(values.status ? { status: values.status as 'live' } : {}),
    })
    .where('id', '=', liveId)
    .execute();
}

const open: Security = { geoAccessControl: 'off', geoRegionList: [], referrerWhitelist: [] };
const whepUrl = (token = server.app.playback.signer.issue('live', liveId).token) =>
  `/whep/live/${liveId}/${token}`;

beforeAll(async () => {
  server = await startTestServer({
    trustedCountryHeader: 'cf-ipcountry',
    trustProxy: true,
    // One WebRTC viewer per live: the next one is told to play HLS.
    viewers: { ...loadConfig({}).viewers, whepMaxPerLive: 1 },
    webrtc: { ...loadConfig({}).webrtc, interfaceAddress: '127.0.0.1' },
  });
  core = server.app.webrtc;
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
  const created = await call(server.app, owner, 'POST', `/v1/live-streams?accountId=${DEMO}`, {
    nome: 'Ao vivo por WebRTC',
    scheduledStartTime: new Date(Date.now() + 86_400_000).toISOString(),
    latency: 'ultraLow',
  });
  expect(created.statusCode, created.body).toBe(201);
  liveId = created.json<{ id: string }>().id;
  const started = await call(
    server.app,
    owner,
    'PUT',
    `/v1/live-streams/${liveId}/control/start?accountId=${DEMO}`,
  );
  expect(started.statusCode, started.body).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  for (let waited = 0; !(await check()); waited += 100) {
    if (waited > ms) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** A WHIP publisher in the live's room: a werift peer fed by a real encoder (ffmpeg). */
async function publishLive() {
  const sender = await offerPeer('publish');
  const published = await core.publish(liveRoom(liveId), sender.offer);
  await sender.pc.setRemoteDescription({ type: 'answer', sdp: published.answerSdp });
  const feed = await feedTracks({ video: sender.video, audio: sender.audio });
  return {
    async stop() {
      await feed.stop();
      await core.close(published.sessionId);
      await sender.pc.close();
    },
  };
}

describe('WHEP offer rules', () => {
  it('needs a valid playback token of this live: missing, forged, expired or another live’s is 403', async () => {
    await setLive({ security: open });
    expect(reasonOf(await post(`/whep/live/${liveId}/not-a-token`), 403)).toBe('invalid_link');
    const now = Math.floor(Date.now() / 1000);
    const expired = server.app.playback.signer.issue('live', liveId, 60, now - 7200).token;
    expect(reasonOf(await post(whepUrl(expired)), 403)).toBe('invalid_link');
    const other = server.app.playback.signer.issue('live', crypto.randomUUID()).token;
    expect(reasonOf(await post(whepUrl(other)), 403)).toBe('invalid_link');
    const vod = server.app.playback.signer.issue('vod', liveId).token;
    expect(reasonOf(await post(whepUrl(vod)), 403)).toBe('invalid_link');
    // No token segment at all: no such route.
    expect((await post(`/whep/live/${liveId}`)).statusCode).toBe(404);
  });

  it('an unknown live is 404', async () => {
    const id = crypto.randomUUID();
    const { token } = server.app.playback.signer.issue('live', id);
    expect(reasonOf(await post(`/whep/live/${id}/${token}`), 404)).toBe('not_found');
  });

  it('applies the geoblock (header or address) before anything else about the live', async () => {
    await setLive({ security: { geoAccessControl: 'block', geoRegionList: ['BR'], referrerWhitelist: [] } });
    expect(reasonOf(await post(whepUrl(), { 'cf-ipcountry': 'BR' }), 403)).toBe('geo_blocked');
    expect(reasonOf(await post(whepUrl(), { 'x-forwarded-for': '200.147.67.142' }), 403)).toBe('geo_blocked');
    await setLive({ security: { geoAccessControl: 'allow', geoRegionList: ['PT'], referrerWhitelist: [] } });
    expect(reasonOf(await post(whepUrl()), 403)).toBe('geo_blocked'); // 127.0.0.1 fails closed
    // A country that passes reaches the next rule: nothing is published over WHIP.
    expect(reasonOf(await post(whepUrl(), { 'cf-ipcountry': 'PT' }), 409)).toBe('webrtc_unavailable');
  });

  it("checks the calling page's Origin against the authorized domains, and answers CORS to allowed ones", async () => {
    await setLive({
      security: { geoAccessControl: 'off', geoRegionList: [], referrerWhitelist: ['site.example'] },
    });
    const refused = await post(whepUrl(), { origin: 'https://evil.example' });
    expect(reasonOf(refused, 403)).toBe('domain_not_allowed');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(reasonOf(await post(whepUrl(), { origin: 'null' }), 403)).toBe('domain_not_allowed');
    const allowed = await post(whepUrl(), { origin: 'https://site.example' });
    expect(reasonOf(allowed, 409)).toBe('webrtc_unavailable');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://site.example');
    // The embed page itself (the server's own origin) and a client without an Origin pass.
    const own = new URL(server.app.config.publicUrl).origin;
    expect(reasonOf(await post(whepUrl(), { origin: own }), 409)).toBe('webrtc_unavailable');
    expect(reasonOf(await post(whepUrl()), 409)).toBe('webrtc_unavailable');
    // The embed page asks from the host it was served on, whatever PUBLIC_URL says.
    const served = await post(whepUrl(), {
      origin: 'http://palco.internal:8080',
      host: 'palco.internal:8080',
    });
    expect(reasonOf(served, 409)).toBe('webrtc_unavailable');
    const elsewhere = await post(whepUrl(), {
      origin: 'http://palco.internal:9090',
      host: 'palco.internal:8080',
    });
    expect(reasonOf(elsewhere, 403)).toBe('domain_not_allowed');

    const preflight = await server.app.inject({
      method: 'OPTIONS',
      url: whepUrl(),
      headers: { origin: 'https://site.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(preflight.headers['access-control-allow-headers']).toMatch(/content-type/i);
    expect(preflight.headers['access-control-expose-headers']).toMatch(/Location/);
    await setLive({ security: open });
  });

  it('only a live on air in the ultra-low mode and published over WHIP: otherwise a clear 4xx', async () => {
    await setLive({ security: open, latency: 'low' });
    const low = await post(whepUrl(), { 'accept-language': 'en' });
    expect(reasonOf(low, 409)).toBe('webrtc_unavailable');
    expect(low.json<{ message: string }>().message).toBe('This live is not available over WebRTC now');
    await setLive({ latency: 'ultraLow', status: 'paused' });
    expect(reasonOf(await post(whepUrl()), 409)).toBe('webrtc_unavailable');
    // A scheduled live's publisher is rehearsing: nothing for viewers, as its HLS playlists.
    await setLive({ status: 'scheduled' });
    expect(reasonOf(await post(whepUrl()), 404)).toBe('not_found');
    await setLive({ status: 'live' });
    // Ultra low and on air, but no WHIP publisher: 409 in pt-BR by default.
    const none = await post(whepUrl());
    expect(reasonOf(none, 409)).toBe('webrtc_unavailable');
    expect(none.json<{ message: string }>().message).toBe(
      'Esta transmissão não está disponível por WebRTC agora',
    );
    // The playback answer offers no WHEP URL then (the player plays HLS).
    const info = await server.app.inject({ method: 'GET', url: `/v1/public/lives/${liveId}/playback` });
    expect(info.json<{ whepUrl: string | null }>().whepUrl).toBeNull();
  });

  it('a session that does not exist cannot be ended', async () => {
    const res = await server.app.inject({ method: 'DELETE', url: '/whep/sessions/AAAAAAAAAAAAAAAAAAAAAA' });
    expect(reasonOf(res, 404)).toBe('not_found');
    expect((await server.app.inject({ method: 'DELETE', url: '/whep/sessions/short' })).statusCode).toBe(400);
  });
});

describe('WHEP playback of a live published over WHIP', () => {
  it('forwards the live to a viewer, counts it, bounds the viewers per live (503 + Retry-After), ends on DELETE', async () => {
    await setLive({ security: open, latency: 'ultraLow', status: 'live' });
    const publisher = await publishLive();
    try {
      // The playback answer names the WHEP endpoint once the live's HLS is there too (the fallback);
      // here no HLS is packaged, so the endpoint is asked with a token of its own.
      const { token } = server.app.playback.signer.issue('live', liveId);
      const viewer = await whepSubscribe(`${base}/whep/live/${liveId}/${token}`);
      expect(viewer.status, viewer.body).toBe(201);
      expect(viewer.location).toMatch(/\/whep\/sessions\/[A-Za-z0-9_-]{22}$/);
      await viewer.connected;
      await viewer.firstVideo;
      await until(() => viewer.packets.video > 20 && viewer.packets.audio > 5, 'media at the viewer');
      expect(server.app.whep.sessions.countLive(liveId)).toBe(1);

      // The live's bound is reached: the next viewer plays HLS.
      const second = await whepSubscribe(`${base}/whep/live/${liveId}/${token}`, { 'accept-language': 'en' });
      expect(second.status).toBe(503);
      expect(JSON.parse(second.body)).toMatchObject({
        reason: 'webrtc_full',
        message: 'This live has reached its limit of WebRTC viewers',
      });
      await second.stop();
      const again = await post(whepUrl(token));
      expect(again.statusCode).toBe(503);
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);

      // DELETE on the Location ends the session (and frees the place); a second DELETE finds nothing.
      const path = new URL(viewer.location!).pathname;
      expect((await server.app.inject({ method: 'DELETE', url: path })).statusCode).toBe(200);
      expect((await server.app.inject({ method: 'DELETE', url: path })).statusCode).toBe(404);
      // No trickle ICE nor ICE restart: a PATCH on a session is 405 (the client keeps its full offer).
      const patch = await server.app.inject({
        method: 'PATCH',
        url: path,
        headers: { 'content-type': 'application/trickle-ice-sdpfrag', 'if-match': '"x"' },
        payload: 'a=ice-ufrag:x\r\na=ice-pwd:y\r\n',
      });
      expect(patch.statusCode, patch.body).toBe(405);
      expect(patch.headers.allow).toContain('DELETE');
      expect(server.app.whep.sessions.countLive(liveId)).toBe(0);
      await until(() => core.subscriberCount(liveRoom(liveId)) === 0, 'the forwarder leg closed');
      await viewer.stop();

      // A playback session's viewer: its mark on the offer makes it a counted viewer, as the HLS
      // manifest's first fetch does.
      const info = await server.app.inject({ method: 'GET', url: `/v1/public/lives/${liveId}/playback` });
      const { sessionId } = info.json<{ sessionId: string }>();
      const mark = (await import('../src/media/playback-session.ts')).mediaMark(
        server.app.jwtKey,
        liveId,
        (await import('../src/media/viewer-session-check.ts')).sessionKey(sessionId),
      );
      const counted = await whepSubscribe(`${base}/whep/live/${liveId}/${token}?v=${mark}`);
      expect(counted.status, counted.body).toBe(201);
      // Written with the next flush of the beacons (analytics/writer.ts markMedia).
      await server.app.analytics.writer.flush();
      const rows = await server.app.db
        .selectFrom('viewer_sessions')
        .select(['media_at'])
        .where('live_id', '=', liveId)
        .execute();
      expect(rows.filter((r) => r.media_at !== null)).toHaveLength(1);

      // The publisher leaves: its viewers' sessions end with it.
      await publisher.stop();
      await until(
        () => server.app.whep.sessions.countLive(liveId) === 0,
        'the viewer ended with the publisher',
      );
      await counted.stop();
      expect(reasonOf(await post(whepUrl(token)), 409)).toBe('webrtc_unavailable');
    } finally {
      await publisher.stop().catch(() => undefined);
    }
  });

  it('refuses an offer the forwarder cannot answer with 400, and a body that is not SDP', async () => {
    await setLive({ security: open, latency: 'ultraLow', status: 'live' });
    const publisher = await publishLive();
    try {
      const { token } = server.app.playback.signer.issue('live', liveId);
      expect(reasonOf(await post(whepUrl(token), {}, 'hello'), 400)).toBe('invalid_offer');
      const json = await server.app.inject({
        method: 'POST',
        url: whepUrl(token),
        payload: { sdp: OFFER },
      });
      expect(reasonOf(json, 415)).toBe('invalid_offer');
      // Looks like SDP, but offers no codec the forwarder has.
      const vp9Only = OFFER.replace('H264/90000', 'AV1/90000');
      expect(reasonOf(await post(whepUrl(token), {}, vp9Only), 400)).toBe('invalid_offer');
      expect(server.app.whep.sessions.countLive(liveId)).toBe(0);
      const big = await post(
        whepUrl(token),
        {},
        `v=0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\n${'a=x\r\n'.repeat(20_000)}`,
      );
      expect(big.statusCode).toBe(413);
    } finally {
      await publisher.stop();
    }
  });
});

// Audience figures cannot be inflated cheaply (docs/playback.md "Audience bounds").
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { DEMO_ACCOUNTS } from '../src/db/seed.ts';
import { DEMO_STREAMS } from '../src/db/seed-streams.ts';
import { viewerDir } from '../src/media/live-viewer.ts';
import { issueViewerSession, verifyViewerSession } from '../src/media/playback-session.ts';
import { sessionKey } from '../src/media/viewer-session-check.ts';
import { expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { call } from './streams-helpers.ts';

const LIVE: string = DEMO_STREAMS.showAoVivo.id;
const ACCOUNT: string = DEMO_ACCOUNTS.demoProducoes.id;
let server: TestServer;
let owner: string;
let address = 0;
let issued = 0;
/** A client address of its own for each test (the bounds are per address). */
const nextAddress = () => `198.51.100.${++address}`;

beforeAll(async () => {
  // The default bursts; slow refills (a session every 10 minutes), so what a test stores or refuses does
  // not depend on how long it runs.
  const defaults = loadConfig({}).viewers;
  server = await startTestServer({
    viewers: {
      ...defaults,
      sessionsPerAddress: { burst: defaults.sessionsPerAddress.burst, perMinute: 0.1 },
      beaconEventsPerAddress: { burst: defaults.beaconEventsPerAddress.burst, perMinute: 60 },
      beaconEventsPerSession: { ...defaults.beaconEventsPerSession, perMinute: 6 },
    },
  });
  owner = await loginAs(server.app, 'owner@palco.test');
  // The live is on the air: its viewer manifest exists, so the playback answer carries its URL.
  const dir = viewerDir(server.config.dataDir, ACCOUNT, LIVE);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'master.m3u8'), '#EXTM3U\n');
});
afterAll(async () => {
  await server?.close();
});

interface Playback {
  sessionId: string;
  manifestUrl: string | null;
}

const playback = (from: string, query = '', headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'GET',
    url: `/v1/public/lives/${LIVE}/playback${query}`,
    remoteAddress: from,
    headers,
  });
/** A renewal or a poll of the player holding `sessionId` (what src/embed/main.ts sends). */
const renewal = (sessionId: string, from: string) =>
  playback(from, `?sessionId=${encodeURIComponent(sessionId)}`);
const beacon = (sessionId: string, from: string, events = 1) =>
  server.app.inject({
    method: 'POST',
    url: '/v1/public/beacons',
    remoteAddress: from,
    payload: {
      sessionId,
      events: Array.from({ length: events }, () => ({ type: 'heartbeat', at: Date.now() })),
    },
  });
const viewers = async () =>
  (await call(server.app, owner, 'GET', `/v1/live-streams/${LIVE}/viewers?accountId=${ACCOUNT}`)).json<{
    total: number;
  }>().total;
const rowsOf = async (sessionIds: string[]) => {
  await server.app.analytics.writer.flush();
  const row = await server.app.db
    .selectFrom('playback_events')
    .select(sql<string>`count(*)`.as('n'))
    .where(
      'session_id',
      'in',
      sessionIds.map((id) => sessionKey(id)),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
};
/** A session signed by the server, as its playback answer gives one. */
const directSession = (exp = Math.floor(Date.now() / 1000) + 3600, id = LIVE) =>
  issueViewerSession(
    {
      kind: 'live',
      id,
      accountId: ACCOUNT,
      viewerId: `V${String(++issued).padStart(7, '0')}`,
      country: 'BR',
      exp,
    },
    server.app.jwtKey,
  );

describe('the viewer count', () => {
  it('counts a session only once its player fetched the live’s manifest, not for being issued', async () => {
    const from = nextAddress();
    const minted: Playback[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await playback(from);
      expect(res.statusCode, res.body).toBe(200);
      minted.push(res.json<Playback>());
    }
    for (const { sessionId } of minted) expect((await beacon(sessionId, from)).statusCode).toBe(204);
    // Fifty sessions issued and beaconing, no media fetched: nobody watches (it read 50 before).
    expect(await viewers()).toBe(0);

    // Three players load the live: three viewers.
    for (const { manifestUrl } of minted.slice(0, 3)) {
      expect(manifestUrl).toMatch(/\/master\.m3u8\?v=[0-9a-f]{32}\.[\w-]{22}$/);
      const master = await server.app.inject({ method: 'GET', url: manifestUrl!, remoteAddress: from });
      expect(master.statusCode).toBe(200);
      expect(master.headers['cache-control']).toBe('private, no-store');
    }
    expect(await viewers()).toBe(3);
    // A forged or another live's mark counts nobody.
    const forged = minted[3]!.manifestUrl!.replace(/\.[\w-]{22}$/, '.AAAAAAAAAAAAAAAAAAAAAA');
    await server.app.inject({ method: 'GET', url: forged, remoteAddress: from });
    expect(await viewers()).toBe(3);
    for (const { sessionId } of minted.slice(0, 3))
      await beacon(sessionId, from).then(() =>
        server.app.inject({
          method: 'POST',
          url: '/v1/public/beacons',
          remoteAddress: from,
          payload: { sessionId, events: [{ type: 'end', at: Date.now() }] },
        }),
      );
    expect(await viewers()).toBe(0);
  });

  it('counts every one of 300 honest viewers behind one address, then bounds the next burst', async () => {
    const school = nextAddress();
    const sessions: string[] = [];
    for (let i = 0; i < 300; i++) {
      const res = await playback(school);
      expect(res.statusCode, res.body).toBe(200);
      const { sessionId, manifestUrl } = res.json<Playback>();
      expect(
        (await server.app.inject({ method: 'GET', url: manifestUrl!, remoteAddress: school })).statusCode,
      ).toBe(200);
      expect((await beacon(sessionId, school)).statusCode).toBe(204);
      sessions.push(sessionId);
    }
    expect(await viewers()).toBe(300);
    // The address's burst is spent: the next session waits (429 with Retry-After, in pt-BR).
    const refused = await playback(school);
    expect(expectError(refused, 429)).toMatch(/^Muitas tentativas\. Tente novamente em \d+ segundos$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A client naming another address in X-Forwarded-For is the same address (no trusted proxy here).
    expect((await playback(school, '', { 'x-forwarded-for': '203.0.113.77' })).statusCode).toBe(429);
    // Another address is not held back.
    expect((await playback(nextAddress())).statusCode).toBe(200);

    // The 300 players keep renewing (a poll every 10 s while they wait or play without the live's
    // channel, a renewal before their token expires) and heartbeating: a renewal continues a viewer
    // already counted against the address and takes nothing, so none of them is refused (a refused
    // renewal stops the player), each keeps its viewer ID, and every one still counts.
    for (let round = 0; round < 2; round++) {
      for (const sessionId of sessions) {
        const res = await renewal(sessionId, school);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json<{ viewerId: string }>().viewerId).toBe(
          verifyViewerSession(sessionId, server.app.jwtKey)!.viewerId,
        );
        expect((await beacon(sessionId, school)).statusCode).toBe(204);
      }
    }
    expect(await viewers()).toBe(300);
    // Also the renewal that crosses an expiry step (a new session id for the same viewer).
    const older = directSession(Math.floor(Date.now() / 1000) + 1200);
    const renewed = await renewal(older, school);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json<Playback>().sessionId).not.toBe(older);
    // A renewal is no way round the bound: anything but a valid session of this live is a new viewer.
    expect((await renewal('not-a-session', school)).statusCode).toBe(429);
    const otherLive = DEMO_STREAMS.podcast.id;
    expect((await renewal(directSession(undefined, otherLive), school)).statusCode).toBe(429);
    for (const sessionId of sessions)
      await server.app.inject({
        method: 'POST',
        url: '/v1/public/beacons',
        remoteAddress: school,
        payload: { sessionId, events: [{ type: 'end', at: Date.now() }] },
      });
  }, 120_000);
});

describe('beacon events', () => {
  it('are bounded per session: a flood stores no more than the session’s budget', async () => {
    const from = nextAddress();
    const id = directSession();
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) answers.push((await beacon(id, from, 20)).statusCode);
    // 60 events at once (three posts of 20), then 429 until the bucket refills.
    expect(answers.slice(0, 3)).toEqual([204, 204, 204]);
    expect(answers.slice(3).every((code) => code === 429)).toBe(true);
    expect(await rowsOf([id])).toBe(60);
  });

  it('are bounded per session over its whole life: past its total, a post is refused whole', async () => {
    // A server whose sessions may post 110 events in all, at any pace.
    const small = await startTestServer({
      viewers: {
        ...loadConfig({}).viewers,
        beaconEventsPerSession: { burst: 1000, perMinute: 1000, total: 110 },
      },
    });
    try {
      const id = issueViewerSession(
        {
          kind: 'live',
          id: LIVE,
          accountId: ACCOUNT,
          viewerId: 'TOTAL001',
          country: null,
          exp: Math.floor(Date.now() / 1000) + 3600,
        },
        small.app.jwtKey,
      );
      const post = (events: number, lang?: string) =>
        small.app.inject({
          method: 'POST',
          url: '/v1/public/beacons',
          headers: lang ? { 'accept-language': lang } : {},
          payload: {
            sessionId: id,
            events: Array.from({ length: events }, () => ({ type: 'heartbeat', at: Date.now() })),
          },
        });
      for (let i = 0; i < 5; i++) expect((await post(20)).statusCode).toBe(204);
      // 100 stored, 10 left: a post of 20 is refused whole, one of 10 still passes, then nothing.
      expect(expectError(await post(20), 403)).toBe(
        'Esta sessão de reprodução já enviou todos os eventos permitidos: peça uma nova sessão',
      );
      expect((await post(10)).statusCode).toBe(204);
      expect(expectError(await post(1, 'en'), 403)).toBe(
        'This playback session has sent all the events it may: ask for a new session',
      );
      await small.app.analytics.writer.flush();
      const row = await small.app.db
        .selectFrom('playback_events')
        .select(sql<string>`count(*)`.as('n'))
        .where('session_id', '=', sessionKey(id))
        .executeTakeFirstOrThrow();
      expect(Number(row.n)).toBe(110);
    } finally {
      await small.close();
    }
  }, 120_000);

  it('are bounded per address: 250 posts of 20 events from one address store at most its burst', async () => {
    const from = nextAddress();
    const ids = Array.from({ length: 250 }, () => directSession());
    let refused = 0;
    for (const id of ids) if ((await beacon(id, from, 20)).statusCode === 429) refused++;
    const stored = await rowsOf(ids);
    // It wrote 5,000 rows before; the address's burst is 2,000 events (one more a second refills).
    expect(stored).toBeGreaterThanOrEqual(2000);
    expect(stored).toBeLessThan(2400);
    expect(refused).toBeGreaterThan(120);
    // Another address's viewers are not held back.
    expect((await beacon(directSession(), nextAddress(), 20)).statusCode).toBe(204);
  });
});

// Issue 24 point 3: audience figures cannot be inflated cheaply (docs/playback.md "Audience bounds").
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { DEMO_ACCOUNTS } from '../src/db/seed.ts';
import { DEMO_STREAMS } from '../src/db/seed-streams.ts';
import { viewerDir } from '../src/media/live-viewer.ts';
import { issueViewerSession } from '../src/media/playback-session.ts';
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
  // The default bursts; slow refills, so what a test stores does not depend on how long it runs.
  const defaults = loadConfig({}).viewers;
  server = await startTestServer({
    viewers: {
      ...defaults,
      sessionsPerAddress: { burst: defaults.sessionsPerAddress.burst, perMinute: 6 },
      beaconEventsPerAddress: { burst: defaults.beaconEventsPerAddress.burst, perMinute: 60 },
      beaconEventsPerSession: { burst: defaults.beaconEventsPerSession.burst, perMinute: 6 },
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

const playback = (from: string) =>
  server.app.inject({ method: 'GET', url: `/v1/public/lives/${LIVE}/playback`, remoteAddress: from });
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
const directSession = () =>
  issueViewerSession(
    {
      kind: 'live',
      id: LIVE,
      accountId: ACCOUNT,
      viewerId: `V${String(++issued).padStart(7, '0')}`,
      country: 'BR',
      exp: Math.floor(Date.now() / 1000) + 3600,
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
    // Another address is not held back.
    expect((await playback(nextAddress())).statusCode).toBe(200);
    for (const sessionId of sessions)
      await server.app.inject({
        method: 'POST',
        url: '/v1/public/beacons',
        remoteAddress: school,
        payload: { sessionId, events: [{ type: 'end', at: Date.now() }] },
      });
  });
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

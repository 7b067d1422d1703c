import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { insertPlaybackEvents } from '../src/db/repositories/analytics.ts';
import { DEMO_ACCOUNTS } from '../src/db/seed.ts';
import { DEMO_STREAMS } from '../src/db/seed-streams.ts';
import { viewerDir } from '../src/media/live-viewer.ts';
import { issueViewerSession, mediaMark } from '../src/media/playback-session.ts';
import { sessionKey } from '../src/media/viewer-session-check.ts';
import { expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { AccountClient, listen } from './realtime-helpers.ts';
import { call } from './streams-helpers.ts';
import { ChannelClient } from './viewer-helpers.ts';

/** Player beacons (docs/playback.md "Beacons") and the viewer counts made from them ("Viewer counts"). */
const LIVE: string = DEMO_STREAMS.showAoVivo.id;
const ACCOUNT: string = DEMO_ACCOUNTS.demoProducoes.id;
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
let server: TestServer;
let base = '';
const logLines: string[] = [];
let sessions = 0;

function session(overrides: { expiresAt?: number; id?: string } = {}) {
  sessions += 1;
  return issueViewerSession(
    {
      kind: 'live',
      id: overrides.id ?? LIVE,
      accountId: ACCOUNT,
      viewerId: `VIEW${String(sessions).padStart(4, '0')}`,
      country: 'BR',
      exp: Math.floor((overrides.expiresAt ?? Date.now() + 3600_000) / 1000),
    },
    server.app.jwtKey,
  );
}
function post(body: unknown, headers: Record<string, string> = {}) {
  return server.app.inject({
    method: 'POST',
    url: '/v1/public/beacons',
    headers: { 'user-agent': CHROME_WINDOWS, 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
/** The session's player loads the live's manifest (with the mark its playback answer gives it). */
async function watch(sessionId: string) {
  const { token } = server.app.playback.signer.issue('live', LIVE);
  const mark = mediaMark(server.app.jwtKey, LIVE, sessionKey(sessionId));
  const res = await server.app.inject({
    method: 'GET',
    url: `/play/live/${LIVE}/${token}/master.m3u8?v=${mark}`,
  });
  expect(res.statusCode, res.body).toBe(200);
}
/** Beacons are written in batches: what is pending is flushed before reading. */
const rowsOf = async (sessionId: string) => {
  await server.app.analytics.writer.flush();
  return server.app.db
    .selectFrom('playback_events')
    .selectAll()
    .where('session_id', '=', sessionKey(sessionId))
    .orderBy('id')
    .execute();
};

beforeAll(async () => {
  server = await startTestServer(
    {
      metricsToken: 'metrics-token-of-the-operator',
      logLevel: 'info',
      viewers: { ...loadConfig({}).viewers, beaconsPerMinute: 5, viewerCountMs: 200, viewerTimeoutMs: 2_000 },
    },
    { logStream: { write: (line: string) => void logLines.push(line) } },
  );
  base = await listen(server.app);
  // The live is on the air: its viewer manifest exists.
  const dir = viewerDir(server.config.dataDir, ACCOUNT, LIVE);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'master.m3u8'), '#EXTM3U\n');
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('POST /v1/public/beacons', () => {
  it('stores each event raw with the device, OS and browser of the user agent and the session’s country', async () => {
    const id = session();
    const at = Date.now() - 1_000;
    const res = await post({
      sessionId: id,
      events: [
        { type: 'start', at },
        { type: 'startup', at: at + 800, startupMs: 800, rendition: '720p', bitrateKbps: 2500 },
        {
          type: 'heartbeat',
          at: at + 900,
          cmcd: { br: 2500, bl: 6000, mtp: 9000, tb: 4000, sf: 'h', st: 'l' },
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(204);
    const rows = await rowsOf(id);
    expect(rows.map((r) => r.type)).toEqual(['start', 'startup', 'heartbeat']);
    expect(rows[1]).toMatchObject({
      account_id: ACCOUNT,
      live_id: LIVE,
      video_id: null,
      viewer_id: 'VIEW0001',
      startup_ms: 800,
      rendition: '720p',
      bitrate_kbps: 2500,
      device: 'desktop',
      os: 'Windows',
      browser: 'Chrome',
      browser_version: '131.0.0.0',
      country: 'BR',
    });
    expect(rows[0]?.at.getTime()).toBe(at);
    expect(rows[2]?.cmcd).toEqual({ br: 2500, bl: 6000, mtp: 9000, tb: 4000, sf: 'h', st: 'l' });
  });

  it('stores events as given, whatever their text holds, in batches larger than one statement', async () => {
    // The events go to the database as one array per column (docs/analytics.md "Beyond one database"):
    // text that means something inside an array literal (quotes, backslashes, braces, commas, NULL)
    // and text from outside ASCII must come back as it went, and nulls as nulls.
    const odd = ['a"b', 'back\\slash', '{braces}', 'x,y', 'NULL', "Sant'Ana", 'São Paulo – Zona Sul', ''];
    const at = new Date(Date.UTC(2026, 10, 30, 12, 0, 0, 123));
    const rows = Array.from({ length: 2_500 }, (_, i) => ({
      session_id: `odd-text-${String(i).padStart(4, '0')}`,
      account_id: ACCOUNT,
      live_id: i % 2 ? LIVE : null,
      video_id: null,
      viewer_id: odd[i % odd.length] ?? '',
      type: 'heartbeat',
      at: new Date(at.getTime() + i),
      rendition: i % 3 ? null : '720p',
      bitrate_kbps: i % 3 ? null : 2500,
      startup_ms: null,
      rebuffer_ms: null,
      error_code: null,
      device: 'desktop',
      os: odd[(i + 1) % odd.length] ?? null,
      browser: null,
      browser_version: null,
      country: 'BR',
      region: odd[(i + 2) % odd.length] ?? null,
      cmcd: i % 4 ? null : JSON.stringify({ br: 2500, sf: 'h' }),
      state: 'playing',
      playing_ms: i,
      rebuffering_ms: null,
      paused_ms: null,
      playhead: i / 4,
      waited_ms: null,
      cdn: odd[(i + 3) % odd.length] ?? null,
    }));
    await insertPlaybackEvents(server.app.db, rows);
    const stored = await server.app.db
      .selectFrom('playback_events')
      .selectAll()
      .where('session_id', 'like', 'odd-text-%')
      .orderBy('session_id')
      .execute();
    expect(stored).toHaveLength(rows.length);
    for (const [i, row] of stored.entries()) {
      const sent = rows[i]!;
      expect(row).toMatchObject({
        session_id: sent.session_id,
        live_id: sent.live_id,
        viewer_id: sent.viewer_id,
        os: sent.os,
        region: sent.region,
        cdn: sent.cdn,
        rendition: sent.rendition,
        bitrate_kbps: sent.bitrate_kbps,
        playing_ms: i,
        playhead: i / 4,
        cmcd: sent.cmcd === null ? null : { br: 2500, sf: 'h' },
      });
      expect(row.at.getTime()).toBe(sent.at.getTime());
    }
  });

  it('takes what sendBeacon sends (text/plain), from a phone', async () => {
    const id = session();
    const res = await post(JSON.stringify({ sessionId: id, events: [{ type: 'end', at: Date.now() }] }), {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': SAFARI_IPHONE,
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await rowsOf(id)).toMatchObject([{ type: 'end', device: 'mobile', os: 'iOS', browser: 'Safari' }]);
  });

  it('refuses bad bodies with 400/413 and stores nothing', async () => {
    const id = session();
    const event = { type: 'heartbeat', at: Date.now() };
    const bad: [unknown, number, Record<string, string>?][] = [
      [{ sessionId: id, events: Array.from({ length: 21 }, () => event) }, 400],
      [{ sessionId: id, events: [] }, 400],
      [{ sessionId: id, events: [{ type: 'rewind', at: 1 }] }, 400],
      [{ sessionId: id, events: [{ ...event, extra: 1 }] }, 400],
      [{ sessionId: id, events: [{ ...event, startupMs: -1 }] }, 400],
      [{ events: [event] }, 400],
      ['{not json', 400, { 'content-type': 'text/plain' }],
      [{ sessionId: id, events: [{ ...event, rendition: 'x'.repeat(20_000) }] }, 413],
    ];
    for (const [body, status, headers] of bad) expectError(await post(body, headers), status);
    expect(await rowsOf(id)).toEqual([]);
  });

  it('refuses a forged, an expired or an unknown live’s session with 403', async () => {
    const event = { type: 'heartbeat', at: Date.now() };
    const forged = `${session().slice(0, -4)}AAAA`;
    const expired = session({ expiresAt: Date.now() - 3600_000 });
    const gone = session({ id: '00000000-0000-4000-8000-0000000000ff' });
    for (const id of [forged, expired, gone, 'nope']) {
      expectError(await post({ sessionId: id, events: [event] }), 403);
    }
  });

  it('logs no line per beacon post (their answers are counted in /metrics), but a console call', async () => {
    logLines.length = 0;
    const sessionId = session();
    const stored = await post({ sessionId, events: [{ type: 'heartbeat', at: Date.now() }] });
    expect(stored.statusCode, stored.body).toBe(204);
    expect(
      (await post({ sessionId: 'forged', events: [{ type: 'heartbeat', at: Date.now() }] })).statusCode,
    ).toBe(403);
    const token = await loginAs(server.app, 'owner@palco.test');
    const list = await server.app.inject({
      method: 'GET',
      url: `/v1/live-streams?accountId=${ACCOUNT}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.statusCode).toBe(200);
    const requests = logLines.filter((line) => line.includes('incoming request'));
    expect(requests.some((line) => line.includes('/v1/live-streams'))).toBe(true);
    expect(requests.filter((line) => line.includes('/v1/public/beacons'))).toEqual([]);
    const metrics = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-of-the-operator' },
    });
    expect(metrics.body).toMatch(
      /palco_http_requests_total\{[^}]*route="\/v1\/public\/beacons"[^}]*status="403"[^}]*\} [1-9]/,
    );
  });

  it('limits the posts of one session per minute (429), not the others', async () => {
    const id = session();
    const event = { type: 'heartbeat', at: Date.now() };
    for (let i = 0; i < 5; i++) expect((await post({ sessionId: id, events: [event] })).statusCode).toBe(204);
    expectError(await post({ sessionId: id, events: [event] }), 429);
    expect((await post({ sessionId: session(), events: [event] })).statusCode).toBe(204);
  });
});

describe('viewer counts', () => {
  it('counts the sessions with a recent beacon, publishes each change to the console and the players', async () => {
    // Let the sessions of the tests above go quiet first.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const owner = await loginAs(server.app, 'owner@palco.test');
    const consoleSocket = await AccountClient.connect(base, ACCOUNT, owner);
    const player = await ChannelClient.open(base, LIVE);
    try {
      const total = (n: number) => (e: Record<string, unknown>) =>
        e.evento === 'espectadores' && e.live_id === LIVE && e.total === n;
      const [a, b] = [session(), session()];
      for (const id of [a, b]) {
        await watch(id);
        await post({ sessionId: id, events: [{ type: 'heartbeat', at: Date.now() }] });
      }
      await consoleSocket.waitFor(total(2));
      await player.waitFor((m) => m.type === 'viewers' && m.count === 2);
      const res = await call(server.app, owner, 'GET', `/v1/live-streams/${LIVE}/viewers`);
      expect(res.json()).toEqual({ total: 2 });
      // The operator's /metrics tells the same audience (docs/deployment.md "Readiness and metrics").
      const scraped = await server.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-token-of-the-operator' },
      });
      expect(scraped.body).toMatch(/^palco_viewers 2$/m);

      // b's heartbeat first: on a loaded machine the checks above can take most of its 2 s timeout, and
      // the count would then go from 2 to 0 at once.
      await post({ sessionId: b, events: [{ type: 'heartbeat', at: Date.now() }] });
      await post({ sessionId: a, events: [{ type: 'end', at: Date.now() }] });
      await consoleSocket.waitFor(total(1));
      // b goes quiet: past the timeout it no longer counts.
      await consoleSocket.waitFor(total(0));
      const counts = consoleSocket.named('espectadores').map((e) => e.total);
      expect(counts.slice(-3)).toEqual([2, 1, 0]);
    } finally {
      consoleSocket.close();
      player.close();
    }
  });

  it('a session counts from its first manifest fetch, written with the beacons; an ended one stays ended', async () => {
    const id = session();
    const rowOf = async () => {
      await server.app.analytics.writer.flush();
      return server.app.db
        .selectFrom('viewer_sessions')
        .select(['media_at', 'ended', 'last_seen_at'])
        .where('session_id', '=', sessionKey(id))
        .executeTakeFirst();
    };
    await watch(id);
    const first = await rowOf();
    expect(first?.media_at).toBeInstanceOf(Date);
    expect(first?.ended).toBe(false);
    // A second fetch (a player that loads the manifest again) keeps the first one's time.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await watch(id);
    expect((await rowOf())?.media_at).toEqual(first?.media_at);
    await post({ sessionId: id, events: [{ type: 'end', at: Date.now() }] });
    expect((await rowOf())?.ended).toBe(true);
    await watch(id);
    const after = await rowOf();
    expect(after?.ended).toBe(true);
    expect(after?.media_at).toEqual(first?.media_at);
  });

  it('a viewer who comes and goes between two counts does not stay on a console that read the count meanwhile', async () => {
    const owner = await loginAs(server.app, 'owner@palco.test');
    const consoleSocket = await AccountClient.connect(base, ACCOUNT, owner);
    try {
      // Heartbeat, the console's read and the end, in a few milliseconds: the counter (every 200 ms
      // here) almost never sees this session, so it is the read that must make the next change count.
      const id = session();
      await watch(id);
      await post({ sessionId: id, events: [{ type: 'heartbeat', at: Date.now() }] });
      const res = await call(server.app, owner, 'GET', `/v1/live-streams/${LIVE}/viewers`);
      expect(res.json()).toEqual({ total: 1 });
      await post({ sessionId: id, events: [{ type: 'end', at: Date.now() }] });
      // What the console shows: the figure it read, then the events that follow it, down to 0.
      const shown = () => [
        1,
        ...consoleSocket
          .named('espectadores')
          .filter((e) => e.live_id === LIVE)
          .map((e) => e.total),
      ];
      await consoleSocket.waitFor(() => shown().at(-1) === 0);
      expect(shown().at(-1)).toBe(0);
    } finally {
      consoleSocket.close();
    }
  });
});

import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICK_CLAIM } from '../src/analytics/ticker.ts';
import { AnalyticsWriter, type BeaconPost } from '../src/analytics/writer.ts';
import { loadConfig } from '../src/config.ts';
import { claimPush, markVideoMediaFetched } from '../src/db/repositories/analytics.ts';
import { createVideo } from '../src/db/repositories/videos.ts';
import { DEMO_ACCOUNTS } from '../src/db/seed.ts';
import { DEMO_STREAMS } from '../src/db/seed-streams.ts';
import { DEMO_DIRECTORIES } from '../src/db/seed-videos.ts';
import { viewerDir } from '../src/media/live-viewer.ts';
import { issueViewerSession, mediaMark } from '../src/media/playback-session.ts';
import { sessionKey } from '../src/media/viewer-session-check.ts';
import { expectError, startTestServer, type TestServer } from './helpers.ts';
import { AccountClient, listen } from './realtime-helpers.ts';
import { call, userWith } from './streams-helpers.ts';

/** Audience analytics from the players' beacons (docs/analytics.md). */
const LIVE: string = DEMO_STREAMS.showAoVivo.id;
const ACCOUNT: string = DEMO_ACCOUNTS.demoProducoes.id;
const OTHER_ACCOUNT: string = DEMO_ACCOUNTS.eventosAoVivo.id;
const UA = {
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};
let server: TestServer;
let base = '';
let analyst = '';
let support = '';
let sessions = 0;

function session() {
  sessions += 1;
  return issueViewerSession(
    {
      kind: 'live',
      id: LIVE,
      accountId: ACCOUNT,
      viewerId: `ANA${String(sessions).padStart(4, '0')}`,
      country: 'BR',
      exp: Math.floor((Date.now() + 3600_000) / 1000),
    },
    server.app.jwtKey,
  );
}
async function post(
  sessionId: string,
  events: Record<string, unknown>[],
  ua = UA.windows,
  from = '127.0.0.1',
) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/v1/public/beacons',
    remoteAddress: from,
    headers: { 'user-agent': ua, 'content-type': 'application/json' },
    payload: JSON.stringify({ sessionId, events: events.map((e) => ({ at: Date.now(), ...e })) }),
  });
  expect(res.statusCode, res.body).toBe(204);
}
/** The session's player loads the live's manifest (what makes it count as a viewer). */
async function watch(sessionId: string) {
  const { token } = server.app.playback.signer.issue('live', LIVE);
  const mark = mediaMark(server.app.jwtKey, LIVE, sessionKey(sessionId));
  const res = await server.app.inject({
    method: 'GET',
    url: `/play/live/${LIVE}/${token}/master.m3u8?v=${mark}`,
  });
  expect(res.statusCode, res.body).toBe(200);
}
/** A viewer who starts and plays: start, first frame, the manifest, then a heartbeat. */
async function viewer(ua: string, startupMs: number, from = '127.0.0.1') {
  const id = session();
  await post(id, [{ type: 'start', state: 'loading' }], ua, from);
  await watch(id);
  await post(
    id,
    [
      { type: 'startup', startupMs, rendition: '720p', cdn: 'origin', state: 'playing' },
      {
        type: 'heartbeat',
        playingMs: 4000,
        rebufferingMs: 0,
        pausedMs: 0,
        state: 'playing',
        rendition: '720p',
      },
    ],
    ua,
    from,
  );
  return id;
}
/** Pending beacons written, then one tick (viewers sampled, points pushed). */
async function settle() {
  await server.app.analytics.writer.flush();
  await server.app.analytics.ticker.tick();
}
const get = (url: string, token = analyst) => call(server.app, token, 'GET', url);

beforeAll(async () => {
  server = await startTestServer({
    viewers: { ...loadConfig({}).viewers, viewerTimeoutMs: 60_000 },
    analytics: { flushMs: 60_000, tickMs: 200, retentionDays: 30 },
  });
  base = await listen(server.app);
  const dir = viewerDir(server.config.dataDir, ACCOUNT, LIVE);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'master.m3u8'), '#EXTM3U\n');
  analyst = await userWith(server.app, ACCOUNT, 'analista@demo.test', ['showStreamingAnalytics']);
  support = await userWith(server.app, ACCOUNT, 'suporte@demo.test', ['showCustomerSupport']);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('live analytics', () => {
  const ids: string[] = [];

  it('counts viewers, views, failures, exits and rebuffering, by OS and CDN', async () => {
    for (const [ua, ms] of [
      [UA.windows, 700],
      [UA.windows, 1500],
      [UA.windows, 900],
      [UA.iphone, 3000],
      [UA.iphone, 1200],
    ] as const)
      ids.push(await viewer(ua, ms));
    // One stalls for 8 s.
    await post(ids[0]!, [
      { type: 'rebuffer_start', playingMs: 1000, rebufferingMs: 0, pausedMs: 0, state: 'rebuffering' },
      {
        type: 'rebuffer_end',
        rebufferMs: 8000,
        playingMs: 0,
        rebufferingMs: 8000,
        pausedMs: 0,
        state: 'playing',
      },
    ]);
    // The manifest fails for one; one leaves after 2.5 s of waiting; one after 0.4 s (not an EBVS).
    const failed = session();
    await post(failed, [
      { type: 'start' },
      { type: 'startup_failed', error: 'manifest_http_500', state: 'ended' },
    ]);
    const left = session();
    await post(left, [{ type: 'start' }, { type: 'exit_before_start', waitedMs: 2500, state: 'ended' }]);
    const quick = session();
    await post(quick, [{ type: 'start' }, { type: 'exit_before_start', waitedMs: 400, state: 'ended' }]);
    await settle();

    const summary = (await get(`/v1/analytics/lives/${LIVE}/summary`)).json();
    expect(summary).toMatchObject({
      viewersNow: 5,
      peak: 5,
      totalReproduction: 8,
      spectators: 8,
      attempts: 8,
      initFail: { count: 1, percent: 12.5 },
      exitBeforeStart: { count: 1, percent: 12.5 },
      playbackFail: { count: 0, percent: 0 },
      rebuffering: { count: 1, ms: 8000 },
    });
    // 21 s played (5 × 4 s + 1 s), 8 s stalled: 8 / 29.
    expect(summary.rebuffering.percent).toBe(27.6);
    expect(summary.startupTime.averageMs).toBe(Math.round((700 + 1500 + 900 + 3000 + 1200) / 5));
    // The failed and departed players were on Windows too.
    expect(summary.spectatorsGraph).toEqual({ labels: ['Windows', 'iOS'], series: [6, 2] });
    expect(JSON.stringify(summary)).not.toMatch(/\b\d{1,3}(\.\d{1,3}){3}\b/);

    const viewers = (await get(`/v1/analytics/lives/${LIVE}/series/viewers`)).json();
    expect(viewers.total.at(-1)[1]).toBe(5);
    expect(
      Object.fromEntries(
        Object.entries(viewers.viewersBySOResponse).map(([k, v]) => [k, (v as number[][]).at(-1)?.[1]]),
      ),
    ).toEqual({
      Windows: 3,
      iOS: 2,
    });
    expect(Object.keys(viewers.viewersByCdnResponse)).toEqual(['origin']);

    // One spelling of every breakdown key, exitBeforeStart's state breakdown included.
    const ebvs = (await get(`/v1/analytics/lives/${LIVE}/series/exitBeforeStart`)).json();
    expect(Object.keys(ebvs).sort()).toEqual(
      [
        'bucketMs',
        'exitBeforeStartByCdnResponse',
        'exitBeforeStartByNetworkProviderResponse',
        'exitBeforeStartBySOResponse',
        'exitBeforeStartByStateResponse',
        'from',
        'metric',
        'to',
        'total',
      ].sort(),
    );
    const quality = (await get(`/v1/analytics/lives/${LIVE}/series/videoQuality`)).json();
    expect(quality.total['720p'].at(-1)[1]).toBe(100);
  });

  it('pushes the new figure to the consoles when viewers leave', async () => {
    const client = await AccountClient.connect(base, ACCOUNT, analyst);
    try {
      for (const id of ids.slice(0, 2)) await post(id, [{ type: 'end', playingMs: 500, state: 'ended' }]);
      await settle();
      const pushed = await client.waitFor(
        (e) => e.evento === 'analytics' && e.live_id === LIVE && (e.viewers as { total: number }).total === 3,
      );
      expect((pushed.viewers as { so: Record<string, number> }).so).toEqual({ Windows: 1, iOS: 2 });
    } finally {
      client.close();
    }
    const summary = (await get(`/v1/analytics/lives/${LIVE}/summary`)).json();
    expect(summary).toMatchObject({ viewersNow: 3, peak: 5 });
  });

  it('a paused viewer is not a concurrent viewer', async () => {
    await post(ids[2]!, [{ type: 'pause', playingMs: 300, state: 'paused' }]);
    await settle();
    const viewers = (await get(`/v1/analytics/lives/${LIVE}/series/viewers`)).json();
    expect(viewers.total.at(-1)[1]).toBe(2);
  });

  it('a viewer’s session row carries its view’s breakdown values and status, which the count reads', async () => {
    // The ticker counts from viewer_sessions alone; playback_views keeps every view ever played and
    // joining it made each tick read all of them (docs/analytics.md "Pipeline").
    const keys = ids.map((id) => sessionKey(id));
    const columns = ['session_id', 'os', 'state', 'provider', 'cdn', 'status'] as const;
    const sessionRows = await server.app.db
      .selectFrom('viewer_sessions')
      .select(columns)
      .where('session_id', 'in', keys)
      .orderBy('session_id')
      .execute();
    const viewRows = await server.app.db
      .selectFrom('playback_views')
      .select(columns)
      .where('session_id', 'in', keys)
      .orderBy('session_id')
      .execute();
    expect(sessionRows).toHaveLength(5);
    expect(sessionRows).toEqual(viewRows);
    expect(sessionRows.find((r) => r.session_id === keys[2])).toMatchObject({
      os: 'Windows',
      status: 'paused',
      cdn: 'origin',
    });
  });

  it('one instance runs each tick: a timer tick right after another instance’s does not count again', async () => {
    const { ticker } = server.app.analytics;
    const latest = async () =>
      (
        await server.app.db
          .selectFrom('analytics_buckets')
          .select(['t', 'viewers'])
          .where('subject_id', '=', LIVE)
          .where('dim', '=', 'total')
          .orderBy('t', 'desc')
          .executeTakeFirstOrThrow()
      ).viewers;
    ticker.stop();
    try {
      await ticker.tick();
      expect(await latest()).toBe(2);
      await post(ids[3]!, [{ type: 'pause', playingMs: 300, state: 'paused' }]);
      await server.app.analytics.writer.flush();
      // Another instance has just run the tick: this one's timer leaves the count to it.
      await claimPush(server.app.db, TICK_CLAIM, 0);
      await ticker.tick({ elected: true });
      expect(await latest()).toBe(2);
      await ticker.tick();
      expect(await latest()).toBe(1);
    } finally {
      ticker.start();
    }
  });

  it('is for showStreamingAnalytics, in the caller’s own team', async () => {
    const operator = await userWith(server.app, ACCOUNT, 'operador-analytics@demo.test', ['showStreaming']);
    expect(expectError(await get(`/v1/analytics/lives/${LIVE}/summary`, operator), 403)).toBeTruthy();
    const outsider = await userWith(server.app, OTHER_ACCOUNT, 'analista-outro@demo.test', [
      'showStreamingAnalytics',
    ]);
    expect(expectError(await get(`/v1/analytics/lives/${LIVE}/summary`, outsider), 404)).toBeTruthy();
    expect(expectError(await get(`/v1/analytics/lives/${LIVE}/series/viewers`, outsider), 404)).toBeTruthy();
    const list = (await get('/v1/analytics/lives')).json<{ items: { id: string; status: string }[] }>();
    expect(list.items[0]?.status).toMatch(/live|paused/);
    expect(list.items.map((i) => i.id)).toContain(LIVE);
  });

  it('refuses a window that ends before it starts, in the caller’s language', async () => {
    const res = await call(
      server.app,
      analyst,
      'GET',
      `/v1/analytics/lives/${LIVE}/series/viewers?from=2000&to=1000`,
    );
    expect(expectError(res, 400)).toBe('O início do período deve ser anterior ao fim');
    const bad = await get(`/v1/analytics/lives/${LIVE}/series/nope`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('customer support', () => {
  it('finds a viewer by the ID over their picture: their device, place and events in order', async () => {
    const id = await viewer(UA.iphone, 1100);
    await post(
      id,
      [
        {
          type: 'rebuffer_start',
          playingMs: 2000,
          rebufferingMs: 0,
          pausedMs: 0,
          playhead: 12.5,
          state: 'rebuffering',
        },
        {
          type: 'rebuffer_end',
          rebufferMs: 3000,
          playingMs: 0,
          rebufferingMs: 3000,
          pausedMs: 0,
          playhead: 12.5,
          state: 'playing',
        },
        {
          type: 'playback_failed',
          error: '1002',
          playingMs: 500,
          rebufferingMs: 0,
          pausedMs: 0,
          playhead: 15,
          state: 'ended',
        },
      ],
      UA.iphone,
    );
    await server.app.analytics.writer.flush();
    const viewerId = `ANA${String(sessions).padStart(4, '0')}`;
    const found = (
      await get(`/v1/analytics/lives/${LIVE}/views?viewerId=${viewerId.toLowerCase()}`, support)
    ).json();
    expect(found.total).toBe(1);
    expect(found.items[0]).toMatchObject({
      viewerId,
      status: 'failed',
      os: 'iOS',
      browser: 'Safari 17.5',
      country: 'BR',
      startupMs: 1100,
      rebufferMs: 3000,
      rebufferCount: 1,
      error: '1002',
    });
    const detail = (await get(`/v1/analytics/views/${found.items[0].id}`, support)).json();
    expect(detail.tech_info).toMatchObject({ device: 'mobile', os: 'iOS', app: 'Safari 17.5' });
    expect(detail.geo_info).toMatchObject({ country: 'BR' });
    expect(detail.live).toMatchObject({ id: LIVE, status: 'live' });
    expect(detail.player_events.map((e: { type: string }) => e.type)).toEqual([
      'start',
      'startup',
      'heartbeat',
      'rebuffer_start',
      'rebuffer_end',
      'playback_failed',
    ]);
    expect(detail.player_events.at(-1)).toMatchObject({ playhead: 15, error: '1002' });
    expect(detail.service_history).toHaveLength(1);
    expect(JSON.stringify(detail)).not.toMatch(/\b\d{1,3}(\.\d{1,3}){3}\b|remote|\bip\b/i);

    // The spec's calls answer the same viewer.
    const events = (await get(`/api/eventos?videoId=${LIVE}&usuarioId=${viewerId}`, support)).json();
    expect(events.items).toHaveLength(6);
    const views = (await get(`/api/sessoes?videoId=${LIVE}&usuarioId=${viewerId}`, support)).json();
    expect(views.items.map((v: { id: string }) => v.id)).toEqual([found.items[0].id]);
    expect((await get(`/api/live/l/${LIVE}/details`, support)).json()).toMatchObject({
      id: LIVE,
      status: 'live',
    });
    expect(expectError(await get('/api/live/l/nao-existe/details', support), 404)).toBe(
      "Can't find Eventos with id: nao-existe",
    );
    // Filters: the failed views of the live hold this one, the rebuffering ones too.
    const failedViews = (await get(`/v1/analytics/lives/${LIVE}/views?filter=failed`, support)).json();
    expect(failedViews.items.map((v: { viewerId: string }) => v.viewerId)).toContain(viewerId);
  });

  it('finds a classroom attendee by e-mail: their player carries their proven registration', async () => {
    const register = (code?: string) =>
      server.app.inject({
        method: 'POST',
        url: '/v1/studio/lives/participantes',
        payload: { name: 'Bia Lima', email: 'Bia@Escola.test', liveId: LIVE, ...(code ? { code } : {}) },
        remoteAddress: '203.0.113.77',
      });
    // The e-mail's viewer ID goes only to a browser that proved the address with the mailed code
    // (docs/classroom.md "Registering an e-mail again"): a first registration, then a second browser.
    expect((await register()).statusCode).toBe(200);
    expect((await register()).statusCode).toBe(202);
    await server.app.backgroundIdle();
    const mailDir = join(server.config.dataDir, 'mail');
    const [mail] = (await readdir(mailDir)).filter((f) => f.endsWith('-bia@escola.test.eml'));
    const code = (await readFile(join(mailDir, mail!), 'utf8')).match(/: (\d{6})\r?\n/)?.[1];
    const registered = await register(code);
    expect(registered.statusCode, registered.body).toBe(200);
    const { chatToken } = registered.json<{ chatToken: string }>();
    const info = await server.app.inject({
      method: 'GET',
      url: `/v1/public/lives/${LIVE}/playback?attendee=${chatToken}`,
      remoteAddress: '203.0.113.78',
    });
    expect(info.statusCode, info.body).toBe(200);
    const { sessionId, viewerId } = info.json<{ sessionId: string; viewerId: string }>();
    await post(sessionId, [{ type: 'start', state: 'loading' }]);
    await server.app.analytics.writer.flush();
    const found = (await get(`/v1/analytics/lives/${LIVE}/views?email=bia@escola.test`, support)).json();
    expect(found.items.map((v: { viewerId: string }) => v.viewerId)).toEqual([viewerId]);
    // Another player of hers has the same ID; someone else's e-mail finds nobody.
    const again = await server.app.inject({
      method: 'GET',
      url: `/v1/public/lives/${LIVE}/playback?attendee=${chatToken}`,
      remoteAddress: '203.0.113.79',
    });
    expect(again.json<{ viewerId: string }>().viewerId).toBe(viewerId);
    const nobody = (await get(`/v1/analytics/lives/${LIVE}/views?email=outra@escola.test`, support)).json();
    expect(nobody.total).toBe(0);
  });

  it('keeps one view across session renewals, after its first session expired too', async () => {
    const from = '203.0.113.90';
    const first = await server.app.inject({
      method: 'GET',
      url: `/v1/public/lives/${LIVE}/playback`,
      remoteAddress: from,
    });
    const s0 = first.json<{ sessionId: string; viewerId: string; manifestUrl: string }>();
    await post(s0.sessionId, [{ type: 'start', state: 'loading' }]);
    // The player renews (with its current session): same viewer, same view, the manifest mark too.
    const renewed = await server.app.inject({
      method: 'GET',
      url: `/v1/public/lives/${LIVE}/playback?sessionId=${encodeURIComponent(s0.sessionId)}`,
      remoteAddress: from,
    });
    const s1 = renewed.json<{ sessionId: string; viewerId: string; manifestUrl: string }>();
    expect(s1.viewerId).toBe(s0.viewerId);
    expect(s1.sessionId).not.toBe(s0.sessionId);
    expect(s1.manifestUrl.split('?v=')[1]).toBe(s0.manifestUrl.split('?v=')[1]);
    await post(s1.sessionId, [
      { type: 'heartbeat', playingMs: 10_000, rebufferingMs: 0, pausedMs: 0, state: 'playing' },
    ]);
    // A renewal signed after the first session expired still names the view.
    const late = issueViewerSession(
      {
        kind: 'live',
        id: LIVE,
        accountId: ACCOUNT,
        viewerId: s0.viewerId,
        country: 'BR',
        exp: Math.floor(Date.now() / 1000) + 3600,
        view: sessionKey(s0.sessionId),
      },
      server.app.jwtKey,
    );
    await post(late, [{ type: 'end', playingMs: 5_000, rebufferingMs: 0, pausedMs: 0, state: 'ended' }]);
    await server.app.analytics.writer.flush();
    const views = (await get(`/v1/analytics/lives/${LIVE}/views?viewerId=${s0.viewerId}`, support)).json();
    expect(views.items).toHaveLength(1);
    expect(views.items[0]).toMatchObject({ id: sessionKey(s0.sessionId), watchMs: 15_000, status: 'ended' });

    // The same player plays again after that end (same expiry step): a new view of the same viewer,
    // counted as watching again.
    const again = await server.app.inject({
      method: 'GET',
      url: `/v1/public/lives/${LIVE}/playback?sessionId=${encodeURIComponent(s1.sessionId)}&newView=true`,
      remoteAddress: from,
    });
    const s2 = again.json<{ sessionId: string; viewerId: string; manifestUrl: string }>();
    expect(s2.viewerId).toBe(s0.viewerId);
    expect(s2.manifestUrl.split('?v=')[1]).not.toBe(s0.manifestUrl.split('?v=')[1]);
    await post(s2.sessionId, [{ type: 'start', state: 'loading' }]);
    await server.app.analytics.writer.flush();
    const both = (await get(`/v1/analytics/lives/${LIVE}/views?viewerId=${s0.viewerId}`, support)).json();
    expect(both.items.map((v: { status: string }) => v.status).sort()).toEqual(['ended', 'loading']);
  });

  it('is for showCustomerSupport, in the caller’s own team', async () => {
    expect(expectError(await get(`/v1/analytics/lives/${LIVE}/views`, analyst), 403)).toBeTruthy();
    const outsider = await userWith(server.app, OTHER_ACCOUNT, 'suporte-outro@demo.test', [
      'showCustomerSupport',
    ]);
    expect(expectError(await get(`/v1/analytics/lives/${LIVE}/views`, outsider), 404)).toBeTruthy();
    expect(expectError(await get(`/api/eventos?videoId=${LIVE}&usuarioId=ANA0001`, outsider), 404)).toBe(
      `Can't find Eventos with id: ${LIVE}`,
    );
    const mine = (await get(`/v1/analytics/lives/${LIVE}/views?limit=1`, support)).json();
    expect(expectError(await get(`/v1/analytics/views/${mine.items[0].id}`, outsider), 404)).toBeTruthy();
  });
});

describe('enrichment', () => {
  it('puts viewers in their state and network provider, and credits the databases', async () => {
    const paulista = await viewer(UA.windows, 900, '179.226.20.30');
    const carioca = await viewer(UA.windows, 900, '177.192.200.10');
    await settle();
    const viewers = (await get(`/v1/analytics/lives/${LIVE}/series/viewers`)).json();
    const last = (series: Record<string, number[][]>) =>
      Object.fromEntries(Object.entries(series).map(([k, v]) => [k, v.at(-1)?.[1]]));
    expect(last(viewers.viewersByStateResponse)).toMatchObject({ 'Sao Paulo': 1, 'Rio de Janeiro': 1 });
    expect(last(viewers.viewersByNetworkProviderResponse)).toMatchObject({ Vivo: 1, Claro: 1 });
    const found = (await get(`/v1/analytics/lives/${LIVE}/views?state=Rio%20de%20Janeiro`, support)).json();
    expect(found.items).toHaveLength(1);
    expect(found.items[0]).toMatchObject({ city: 'Rio de Janeiro', networkProvider: 'Claro', country: 'BR' });
    const byProvider = (await get(`/v1/analytics/lives/${LIVE}/views?provider=Vivo`, support)).json();
    expect(byProvider.items.map((v: { id: string }) => v.id)).toEqual([sessionKey(paulista)]);
    expect(sessionKey(carioca)).toBe(found.items[0].id);
    const summary = (await get(`/v1/analytics/lives/${LIVE}/summary`)).json();
    expect(summary.liveDetails.locations).toEqual(
      expect.arrayContaining([{ country: 'BR', state: 'Sao Paulo', city: 'Sao Paulo', views: 1 }]),
    );
    expect(summary.attributions.map((a: { url: string }) => a.url)).toContain('https://db-ip.com');
    expect(JSON.stringify(summary)).not.toContain('179.226');
  });
});

describe('pipeline', () => {
  it('reads the views a writer does not remember together, and each keeps its own values', async () => {
    // A view another instance wrote: a fresh writer takes its enrichment from its row.
    const known = await viewer(UA.iphone, 700);
    await server.app.analytics.writer.flush();
    let viewReads = 0;
    const counted = server.app.db.withPlugin({
      transformQuery(args) {
        if (args.node.kind === 'SelectQueryNode' && JSON.stringify(args.node).includes('"playback_views"'))
          viewReads += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const writer = new AnalyticsWriter(counted, server.app.log, 60_000);
    const dims = (n: number) => async () => ({
      device: 'Desktop',
      os: 'Linux',
      browser: 'Firefox',
      browser_version: '133',
      country: 'BR',
      state: null,
      city: null,
      asn: null,
      provider: `Rede ${n}`,
    });
    const postOf = (sessionKeyOf: string, n: number): BeaconPost => ({
      sessionKey: sessionKeyOf,
      kind: 'live',
      subjectId: LIVE,
      accountId: ACCOUNT,
      viewerId: `LOTE${n}`,
      events: [{ type: 'start', state: 'loading', at: Date.now() }],
      receivedAt: Date.now(),
      dims: dims(n),
    });
    const keys = Array.from({ length: 300 }, (_, n) => `lote-${Date.now()}-${n}`);
    const [first = '', last = ''] = [keys[0], keys[299]];
    // Two posts of one new view at once are one view with one enrichment.
    await Promise.all([
      ...keys.map((key, n) => writer.record(postOf(key, n))),
      writer.record({ ...postOf(first, 0), dims: dims(999) }),
      writer.record(postOf(sessionKey(known), 1000)),
    ]);
    expect(viewReads).toBe(1);
    await writer.flush();
    const rows = await server.app.db
      .selectFrom('playback_views')
      .select(['session_id', 'os', 'provider'])
      .where('session_id', 'in', [sessionKey(known), first, last])
      .execute();
    const byKey = Object.fromEntries(rows.map((r) => [r.session_id, r]));
    expect(byKey[sessionKey(known)]).toMatchObject({ os: 'iOS' });
    expect(byKey[first]).toMatchObject({ os: 'Linux', provider: 'Rede 0' });
    expect(byKey[last]).toMatchObject({ os: 'Linux', provider: 'Rede 299' });
  });
});

describe('VOD analytics and likes', () => {
  it('sums views, watch time, startup and rebuffering per video and per folder (its whole subtree)', async () => {
    const aulas = DEMO_DIRECTORIES.aulas.id;
    const modulo = (
      await server.app.db
        .insertInto('directories')
        .values({ account_id: ACCOUNT, parent_id: aulas, name: 'Módulo 1' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const made = (directoryId: string | null, title: string) =>
      createVideo(server.app.db, {
        accountId: ACCOUNT,
        directoryId,
        title,
        description: '',
        createdBy: null,
      });
    const intro = await made(aulas, 'Introdução');
    const deep = await made(modulo, 'Aula 1');
    // These videos have no media: each view is recorded as having loaded its manifest, which a
    // like needs (the route itself is tested in playback.test.ts "VOD likes").
    const vodSession = async (videoId: string) => {
      sessions += 1;
      const id = issueViewerSession(
        {
          kind: 'vod',
          id: videoId,
          accountId: ACCOUNT,
          viewerId: `VOD${String(sessions).padStart(4, '0')}`,
          country: 'BR',
          exp: Math.floor(Date.now() / 1000) + 3600,
        },
        server.app.jwtKey,
      );
      await markVideoMediaFetched(server.app.db, { videoId, viewKey: sessionKey(id), accountId: ACCOUNT });
      return id;
    };
    const watched = async (videoId: string, startupMs: number, playingMs: number, rebufferingMs: number) => {
      const id = await vodSession(videoId);
      await post(id, [
        { type: 'start' },
        { type: 'startup', startupMs, rendition: '720p', state: 'playing' },
        { type: 'end', playingMs, rebufferingMs, pausedMs: 0, state: 'ended' },
      ]);
      return id;
    };
    const liker = await watched(intro, 1000, 60_000, 0);
    await watched(intro, 3000, 30_000, 10_000);
    await watched(deep, 2000, 90_000, 10_000);
    await server.app.analytics.writer.flush();

    // Likes: one per playback session, taken back by DELETE; a live's session cannot like.
    const like = (sessionId: string, method: 'POST' | 'DELETE' = 'POST', video = intro) =>
      server.app.inject({ method, url: `/v1/public/videos/${video}/likes`, payload: { sessionId } });
    expect((await like(liker)).statusCode).toBe(204);
    expect((await like(liker)).statusCode).toBe(204);
    const other = await vodSession(intro);
    expect((await like(other)).statusCode).toBe(204);
    expect((await like(other, 'DELETE')).statusCode).toBe(204);
    expect(expectError(await like(session()), 403)).toBe('Sessão de reprodução inválida ou expirada');
    expect(expectError(await like(await vodSession(deep)), 403)).toBeTruthy();
    const librarian = await userWith(server.app, ACCOUNT, 'biblioteca@demo.test', ['showVOD']);
    const likes = await call(server.app, librarian, 'GET', `/v1/analytics/vod/${intro}/total-likes`);
    expect(likes.json()).toEqual({ videoId: intro, totalLikes: 1 });

    const now = Date.now();
    // As the page asks: the last 30 days, by the browser's clock.
    const top = (await get(`/v1/analytics/vod?from=${now - 30 * 86_400_000}&to=${now}`)).json();
    expect(top.folder).toBeNull();
    const aulasRow = top.folders.find((f: { id: string }) => f.id === aulas);
    // Three views: 1, 3 and 2 s to start; 200 s watched of which 20 s rebuffering.
    expect(aulasRow).toMatchObject({
      views: 3,
      watchMs: 200_000,
      startupAvgMs: 2000,
      rebufferPercent: 10,
      likes: 1,
      videos: 2,
    });
    const inAulas = (await get(`/v1/analytics/vod?folder=${aulas}`)).json();
    expect(inAulas.path).toEqual([{ id: aulas, name: 'Aulas gravadas' }]);
    expect(inAulas.totals).toMatchObject({ views: 3, likes: 1, videos: 2 });
    expect(inAulas.folders).toEqual([
      expect.objectContaining({
        id: modulo,
        name: 'Módulo 1',
        views: 1,
        watchMs: 100_000,
        rebufferPercent: 10,
      }),
    ]);
    expect(inAulas.videos).toEqual([
      expect.objectContaining({
        id: intro,
        title: 'Introdução',
        views: 2,
        watchMs: 100_000,
        startupAvgMs: 2000,
        likes: 1,
      }),
    ]);
    const inModulo = (await get(`/v1/analytics/vod?folder=${modulo}`)).json();
    expect(inModulo.path.map((p: { name: string }) => p.name)).toEqual(['Aulas gravadas', 'Módulo 1']);

    // Another team's folder, a window ending before it starts.
    const outsider = await userWith(server.app, OTHER_ACCOUNT, 'vod-outro@demo.test', [
      'showStreamingAnalytics',
      'showVOD',
    ]);
    expect(expectError(await get(`/v1/analytics/vod?folder=${aulas}`, outsider), 404)).toBe(
      'Pasta não encontrada',
    );
    expect(expectError(await get(`/v1/analytics/vod/${intro}/total-likes`, outsider), 404)).toBe(
      'Vídeo não encontrado',
    );
    expect((await get('/v1/analytics/vod?from=2000&to=1000')).statusCode).toBe(400);
  });
});

describe('retention', () => {
  it('deletes raw player events past ANALYTICS_RETENTION_DAYS, keeping views and buckets', async () => {
    const id = await viewer(UA.windows, 500);
    await server.app.analytics.writer.flush();
    const key = sessionKey(id);
    // Its first event was received 31 days ago (the default retention is 30).
    const first = await server.app.db
      .selectFrom('playback_events')
      .select('id')
      .where('session_id', '=', key)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await server.app.db
      .updateTable('playback_events')
      .set({ received_at: new Date(Date.now() - 31 * 86_400_000) })
      .where('id', '=', first.id)
      .execute();
    expect(await server.app.analytics.ticker.forget()).toBeGreaterThanOrEqual(1);
    const left = await server.app.db
      .selectFrom('playback_events')
      .select('type')
      .where('session_id', '=', key)
      .orderBy('id')
      .execute();
    expect(left.map((e) => e.type)).toEqual(['startup', 'heartbeat']);
    const view = await server.app.db
      .selectFrom('playback_views')
      .select('status')
      .where('session_id', '=', key)
      .executeTakeFirst();
    expect(view?.status).toBe('playing');
  });
});

// docs/analytics.md "Breakdowns add up": 'desconhecido' is a value the enrichment could not tell, not a
// viewer whose view is not written yet, nor a value with nothing to show.
describe('breakdowns', () => {
  it('a viewer sampled before their view is written is not an unknown system, and an unplayed CDN has no quality row', async () => {
    const client = await AccountClient.connect(base, ACCOUNT, analyst);
    try {
      const id = session();
      await post(id, [{ type: 'start', state: 'loading' }]);
      await watch(id);
      // A tick before the writer's flush: the viewer counts, their view row does not exist yet.
      await server.app.analytics.ticker.tick();
      const first = await client.waitFor(
        (e) => e.evento === 'analytics' && e.live_id === LIVE && e.viewers !== undefined,
      );
      expect(Object.keys((first.viewers as { so: Record<string, number> }).so)).not.toContain('desconhecido');
      await post(id, [
        { type: 'startup', startupMs: 800, rendition: '720p', cdn: 'origin', state: 'playing' },
      ]);
      await settle();
    } finally {
      client.close();
    }
    const viewers = (await get(`/v1/analytics/lives/${LIVE}/series/viewers`)).json();
    expect(Object.keys(viewers.viewersBySOResponse)).not.toContain('desconhecido');
    // Players that never got a segment (failed or left before the first frame) have no CDN: no
    // quality row of dashes for them.
    const quality = (await get(`/v1/analytics/lives/${LIVE}/series/videoQuality`)).json();
    for (const [value, shares] of Object.entries(quality.videoQualityByCdnResponse))
      expect(Object.keys(shares as object), value).not.toHaveLength(0);
    expect(Object.keys(quality.videoQualityByCdnResponse)).toEqual(['origin']);
  });
});

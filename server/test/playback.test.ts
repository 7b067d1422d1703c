import { copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { DEMO_USERS } from '../src/db/seed.ts';
import type { Security } from '../src/db/tables/streams.ts';
import { defaultGeoDbPath } from '../src/lib/geo-databases.ts';
import { viewerDir } from '../src/media/live-viewer.ts';
import { verifyViewerSession } from '../src/media/playback-session.ts';
import { GeoLookup } from '../src/services/geo.ts';
import { loginAs, startTestServer, type TestServer } from './helpers.ts';
import { call } from './streams-helpers.ts';
import { createContent, DEMO, makeTestVideo, multipart, postRange, waitForStatus } from './video-helpers.ts';

// The public playback (docs/playback.md): what a viewer's player is told, and every rule the server
// applies before it gives a token, on a real database with a real transcoded video. Lives with a real
// encoder are in playback-live.test.ts.

let server: TestServer;
let owner: string;
let liveId: string;
let videoId: string;

const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nOlá\n';

interface Info {
  kind: string;
  id: string;
  status: string;
  manifestUrl: string | null;
  sessionId: string;
  viewerId: string;
  expiresAt: string;
  subtitles: { lang: string; label: string; url: string }[];
  banners: Record<string, string | null>;
  playerColor: string;
  latency: string | null;
  dvr: { enabled: boolean; windowSeconds: number };
  channelUrl: string | null;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers });

function reasonOf(res: LightMyRequestResponse, status: number): string {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ statusCode: number; message: string; reason: string }>();
  expect(body.statusCode).toBe(status);
  expect(body.message.length).toBeGreaterThan(0);
  return body.reason;
}

async function setSecurity(security: Security): Promise<void> {
  await server.app.db
    .updateTable('live_streams')
    .set({ security: JSON.stringify(security) })
    .where('id', '=', liveId)
    .execute();
}

beforeAll(async () => {
  // The default like burst; a slow refill (one every 10 minutes), so what the bound refuses does not
  // depend on how long the test runs.
  const viewers = loadConfig({}).viewers;
  server = await startTestServer({
    trustedCountryHeader: 'cf-ipcountry',
    trustProxy: true,
    viewers: { ...viewers, likesPerAddress: { burst: viewers.likesPerAddress.burst, perMinute: 0.1 } },
  });
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
  const created = await call(server.app, owner, 'POST', `/v1/live-streams?accountId=${DEMO}`, {
    nome: 'Ao vivo para o público',
    scheduledStartTime: new Date(Date.now() + 86_400_000).toISOString(),
  });
  expect(created.statusCode, created.body).toBe(201);
  liveId = created.json<{ id: string }>().id;
  await server.app.db
    .updateTable('live_streams')
    .set({ player_color: 'rgba(255, 0, 16, 1)' })
    .where('id', '=', liveId)
    .execute();

  const source = join(server.store.dataDir, 'source.mp4');
  await makeTestVideo(source, '320x240', 2);
  const file = await readFile(source);
  videoId = await createContent(server.app, owner, 'Vídeo público');
  const up = await postRange(server.app, owner, videoId, file, 0, file.length - 1);
  expect(up.statusCode, up.body).toBeLessThan(300);
  await waitForStatus(server.app, owner, videoId, ['ready']);
  const sub = multipart({ content: Buffer.from(VTT), filename: 'pt.vtt' }, { language: 'pt-BR' });
  const res = await server.app.inject({
    method: 'POST',
    url: `/v1/videos/${videoId}/subtitles/upload?accountId=${DEMO}`,
    headers: { authorization: `Bearer ${owner}`, ...sub.headers },
    payload: sub.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('memory: the country database', () => {
  it('is not read until the first viewer asks; that viewer is then geoblocked by address', async () => {
    // A server nobody watches does not hold the ~9 MB file (docs/server.md "Memory").
    expect(server.app.playback.geo.loaded).toBe(false);
    await setSecurity({ geoAccessControl: 'block', geoRegionList: ['BR'], referrerWhitelist: [] });
    const res = await get(`/v1/public/lives/${liveId}/playback`, { 'x-forwarded-for': '200.147.67.142' });
    expect(reasonOf(res, 403)).toBe('geo_blocked');
    expect(server.app.playback.geo.loaded).toBe(true);
    await setSecurity({ geoAccessControl: 'off', geoRegionList: [], referrerWhitelist: [] });
  });
});

describe('VOD playback', () => {
  it('plays a ready video of a blocked account, with subtitles, through tokens bound to it', async () => {
    await server.app.db.updateTable('accounts').set({ blocked: true }).where('id', '=', DEMO).execute();
    const res = await get(`/v1/public/videos/${videoId}/playback?origin=https://any.example`, {
      'accept-language': 'en',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const info = res.json<Info>();
    expect(info).toMatchObject({
      kind: 'vod',
      id: videoId,
      status: 'ready',
      latency: null,
      channelUrl: null,
    });
    expect(info.playerColor).toMatch(/^#[0-9a-f]{6}$/);
    expect(info.viewerId).toMatch(/^[A-Z0-9]{8}$/);
    // The manifest URL carries the view's mark: its fetch is what lets the view like the video.
    expect(info.manifestUrl).toMatch(
      new RegExp(`^/play/vod/${videoId}/\\d+\\.[\\w-]{43}/hls/master\\.m3u8\\?v=[0-9a-f]{32}\\.[\\w-]{22}$`),
    );
    expect(info.subtitles).toEqual([
      { lang: 'pt-BR', label: 'Brazilian Portuguese', url: expect.any(String) },
    ]);

    const master = await get(info.manifestUrl!);
    expect(master.statusCode, master.body).toBe(200);
    expect(master.headers['content-type']).toMatch(/mpegurl/);
    const rendition = master.body.split('\n').find((l) => l.endsWith('.m3u8'))!;
    const base = info.manifestUrl!.replace(/master\.m3u8\?.*$/, '');
    const playlist = await get(base + rendition);
    expect(playlist.statusCode).toBe(200);
    const segment = playlist.body.split('\n').find((l) => l.endsWith('.ts'))!;
    const seg = await get(base + rendition.replace(/index\.m3u8$/, '') + segment);
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['content-type']).toBe('video/mp2t');
    expect(seg.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(seg.rawPayload[0]).toBe(0x47); // an MPEG-TS sync byte
    const vtt = await get(info.subtitles[0]!.url);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.body).toContain('Olá');
    await server.app.db.updateTable('accounts').set({ blocked: false }).where('id', '=', DEMO).execute();
  });

  it('refuses a missing, forged, expired or other resource’s token with 403, and an unknown video with 404', async () => {
    const info = (await get(`/v1/public/videos/${videoId}/playback`)).json<Info>();
    const token = info.manifestUrl!.split('/')[4]!;
    const other = await createContent(server.app, owner, 'Outro vídeo');
    // Another video's path with this video's token.
    expect(reasonOf(await get(`/play/vod/${other}/${token}/hls/master.m3u8`), 403)).toBe('invalid_link');
    // The same token on the live side.
    expect(reasonOf(await get(`/play/live/${videoId}/${token}/master.m3u8`), 403)).toBe('invalid_link');
    expect(reasonOf(await get(`/play/vod/${videoId}/x/hls/master.m3u8`), 403)).toBe('invalid_link');
    const [exp, sig] = token.split('.') as [string, string];
    const forged = `${Number(exp) + 600}.${sig}`;
    expect(reasonOf(await get(`/play/vod/${videoId}/${forged}/hls/master.m3u8`), 403)).toBe('invalid_link');
    const expired = server.app.playback.signer.issue(
      'vod',
      videoId,
      60,
      Math.floor(Date.now() / 1000) - 7200,
    );
    expect(reasonOf(await get(`/play/vod/${videoId}/${expired.token}/hls/master.m3u8`), 403)).toBe(
      'invalid_link',
    );
    // A console media URL's token opens nothing here.
    const consoleToken = server.app.media.signer.token(DEMO, videoId);
    expect(reasonOf(await get(`/play/vod/${videoId}/${consoleToken}/hls/master.m3u8`), 403)).toBe(
      'invalid_link',
    );
    // Not ready (no upload yet), or not there at all.
    expect(reasonOf(await get(`/v1/public/videos/${other}/playback`), 404)).toBe('not_found');
    expect(reasonOf(await get(`/v1/public/videos/${crypto.randomUUID()}/playback`), 404)).toBe('not_found');
  });

  it('signs a viewer session the beacons can check, and a renewal keeps the viewer’s ID', async () => {
    const first = (await get(`/v1/public/videos/${videoId}/playback`, { 'cf-ipcountry': 'PT' })).json<Info>();
    const session = verifyViewerSession(first.sessionId, server.app.jwtKey);
    expect(session).toMatchObject({
      kind: 'vod',
      id: videoId,
      accountId: DEMO,
      viewerId: first.viewerId,
      country: 'PT',
    });
    expect(new Date(first.expiresAt).getTime()).toBe(session!.exp * 1000);
    expect(verifyViewerSession(`${first.sessionId}x`, server.app.jwtKey)).toBeNull();
    const again = (
      await get(`/v1/public/videos/${videoId}/playback?sessionId=${encodeURIComponent(first.sessionId)}`)
    ).json<Info>();
    expect(again.viewerId).toBe(first.viewerId);
    const fresh = (await get(`/v1/public/videos/${videoId}/playback`)).json<Info>();
    expect(fresh.viewerId).not.toBe(first.viewerId);
  });
});

describe('VOD likes', () => {
  const TEAM_LIKES = () => `/v1/analytics/vod/${videoId}/total-likes?accountId=${DEMO}`;
  const totalLikes = async () =>
    (await call(server.app, owner, 'GET', TEAM_LIKES())).json<{ totalLikes: number }>().totalLikes;
  /** A viewer's player at `address` (the trusted proxy's X-Forwarded-For) asks for its session. */
  const open = async (address: string, sessionId?: string) => {
    const query = sessionId ? `?sessionId=${encodeURIComponent(sessionId)}` : '';
    const res = await get(`/v1/public/videos/${videoId}/playback${query}`, { 'x-forwarded-for': address });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Info>();
  };
  /** What the player does first: loads the manifest its answer names. */
  const load = async (info: Info, address: string) => {
    const res = await get(info.manifestUrl!, { 'x-forwarded-for': address });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const like = (sessionId: string, address: string, method: 'POST' | 'DELETE' = 'POST', lang = 'pt-BR') =>
    server.app.inject({
      method,
      url: `/v1/public/videos/${videoId}/likes`,
      headers: { 'x-forwarded-for': address, 'accept-language': lang },
      payload: { sessionId },
    });

  it('count only from a view whose player loaded the video; a real like still counts once per view', async () => {
    const before = await totalLikes();
    const address = '203.0.113.10';
    // A session asked for and never played: refused, in the viewer's language, and nothing counted.
    const idle = await open(address);
    const refused = await like(idle.sessionId, address);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe(
      'Só é possível curtir um vídeo depois de começar a assisti-lo neste player',
    );
    expect((await like(idle.sessionId, address, 'POST', 'en')).json().message).toBe(
      'A video can be liked only once it has started playing in this player',
    );
    // Its manifest loaded with a forged mark, or with another view's mark, does not help it either.
    const other = await open(address);
    const token = idle.manifestUrl!.split('?')[0]!;
    await get(`${token}?v=${'0'.repeat(32)}.${'A'.repeat(22)}`, { 'x-forwarded-for': address });
    await get(`${token}?v=${other.manifestUrl!.split('?v=')[1]}`, { 'x-forwarded-for': address });
    expect((await like(idle.sessionId, address)).statusCode).toBe(403);
    expect(await totalLikes()).toBe(before);

    // The player loads the video: the like counts. Its marked manifest is kept by no shared cache.
    const master = await load(idle, address);
    expect(master.headers['cache-control']).toBe('private, no-store');
    expect(master.body).toContain('#EXTM3U');
    expect((await like(idle.sessionId, address)).statusCode).toBe(204);
    expect(await totalLikes()).toBe(before + 1);
    // A renewed session is the same view: liking again changes nothing, unliking takes it back.
    const renewed = await open(address, idle.sessionId);
    expect((await like(renewed.sessionId, address)).statusCode).toBe(204);
    expect(await totalLikes()).toBe(before + 1);
    expect((await like(renewed.sessionId, address, 'DELETE')).statusCode).toBe(204);
    expect(await totalLikes()).toBe(before);
    expect((await like(renewed.sessionId, address)).statusCode).toBe(204);
    expect(await totalLikes()).toBe(before + 1);
  });

  it('are bounded per client address: 429 with Retry-After past the burst, other addresses unaffected', async () => {
    const { burst } = server.app.config.viewers.likesPerAddress;
    const address = '203.0.113.20';
    const before = await totalLikes();
    // `burst` viewers behind one address, each loading the video and liking it: all counted.
    const views: Info[] = [];
    for (let i = 0; i < burst + 1; i++) {
      const info = await open(address);
      await load(info, address);
      views.push(info);
    }
    for (const view of views.slice(0, burst))
      expect((await like(view.sessionId, address)).statusCode).toBe(204);
    expect(await totalLikes()).toBe(before + burst);
    // The next press from that address, even by a view that loaded the video, waits.
    const over = await like(views[burst]!.sessionId, address);
    expect(over.statusCode, over.body).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().message).toMatch(/^Muitas tentativas\. Tente novamente em \d+ segundos?$/);
    expect((await like(views[burst]!.sessionId, address, 'DELETE', 'en')).json().message).toMatch(
      /^Too many attempts\. Try again in \d+ seconds?$/,
    );
    expect(await totalLikes()).toBe(before + burst);
    // Another address is not held back.
    const elsewhere = '203.0.113.21';
    const info = await open(elsewhere);
    await load(info, elsewhere);
    expect((await like(info.sessionId, elsewhere)).statusCode).toBe(204);
    expect(await totalLikes()).toBe(before + burst + 1);
  });
});

describe('live playback rules', () => {
  const info = (query = '', headers: Record<string, string> = {}) =>
    get(`/v1/public/lives/${liveId}/playback${query}`, headers);

  it('describes a live that is not on air yet: no manifest, its colour and channel', async () => {
    const res = await info();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json<Info>()).toMatchObject({
      kind: 'live',
      status: 'scheduled',
      manifestUrl: null,
      playerColor: '#ff0010',
      latency: 'default',
      dvr: { enabled: false, windowSeconds: 0 },
      channelUrl: `/v1/public/lives/${liveId}/channel`,
    });
    expect(reasonOf(await get(`/v1/public/lives/${crypto.randomUUID()}/playback`), 404)).toBe('not_found');
  });

  it('geoblock, block list: refuses a listed country (trusted header or address), lets others in', async () => {
    await setSecurity({ geoAccessControl: 'block', geoRegionList: ['BR'], referrerWhitelist: [] });
    expect(reasonOf(await info('', { 'cf-ipcountry': 'BR' }), 403)).toBe('geo_blocked');
    expect((await info('', { 'cf-ipcountry': 'US' })).statusCode).toBe(200);
    // No header: the client address (trusted proxy) through the offline database.
    expect(reasonOf(await info('', { 'x-forwarded-for': '200.147.67.142' }), 403)).toBe('geo_blocked');
    expect((await info('', { 'x-forwarded-for': '8.8.8.8' })).statusCode).toBe(200);
    // An unknown country is not on a block list.
    expect((await info()).statusCode).toBe(200);
  });

  it('geoblock, allow list: lets a listed country in and fails closed for unknown or private addresses', async () => {
    await setSecurity({ geoAccessControl: 'allow', geoRegionList: ['BR', 'PT'], referrerWhitelist: [] });
    expect((await info('', { 'cf-ipcountry': 'BR' })).statusCode).toBe(200);
    expect((await info('', { 'x-forwarded-for': '200.147.67.142' })).statusCode).toBe(200);
    expect(reasonOf(await info('', { 'cf-ipcountry': 'US' }), 403)).toBe('geo_blocked');
    expect(reasonOf(await info(), 403)).toBe('geo_blocked'); // 127.0.0.1
    expect(reasonOf(await info('', { 'x-forwarded-for': '10.1.2.3' }), 403)).toBe('geo_blocked');
    expect(reasonOf(await info('', { 'cf-ipcountry': 'XX' }), 403)).toBe('geo_blocked');
  });

  it('applies the geoblock again on every playlist request, before any file', async () => {
    await setSecurity({ geoAccessControl: 'block', geoRegionList: ['BR'], referrerWhitelist: [] });
    const { token } = server.app.playback.signer.issue('live', liveId);
    const master = `/play/live/${liveId}/${token}/master.m3u8`;
    expect(reasonOf(await get(master, { 'cf-ipcountry': 'BR' }), 403)).toBe('geo_blocked');
    expect(
      reasonOf(await get(`/play/live/${liveId}/${token}/low/index.m3u8`, { 'cf-ipcountry': 'BR' }), 403),
    ).toBe('geo_blocked');
    // Allowed, but nothing is published: not found.
    expect(reasonOf(await get(master, { 'cf-ipcountry': 'US' }), 404)).toBe('not_found');
    expect(reasonOf(await get(`/play/live/${liveId}/${token}/other/seg_00001.ts`), 404)).toBe('not_found');
  });

  it('issues a token only to an authorized embedding domain', async () => {
    await setSecurity({
      geoAccessControl: 'off',
      geoRegionList: [],
      referrerWhitelist: ['site.example', '*.partner.example'],
    });
    const origin = (o: string) => info(`?origin=${encodeURIComponent(o)}`);
    expect((await origin('https://site.example')).statusCode).toBe(200);
    expect((await origin('http://site.example:8080')).statusCode).toBe(200);
    expect((await origin('https://live.partner.example')).statusCode).toBe(200);
    expect(reasonOf(await origin('https://www.site.example'), 403)).toBe('domain_not_allowed');
    expect(reasonOf(await origin('https://partner.example'), 403)).toBe('domain_not_allowed');
    expect(reasonOf(await origin('https://evil.example'), 403)).toBe('domain_not_allowed');
    expect(reasonOf(await origin('https://site.example.evil.example'), 403)).toBe('domain_not_allowed');
    expect(reasonOf(await origin('null'), 403)).toBe('domain_not_allowed');
    // A top-level visit of the player, and the server's own pages (the classroom).
    expect((await info()).statusCode).toBe(200);
    expect((await origin('http://console.test')).statusCode).toBe(200);
    // An empty list lets every site embed.
    await setSecurity({ geoAccessControl: 'off', geoRegionList: [], referrerWhitelist: [] });
    expect((await origin('https://evil.example')).statusCode).toBe(200);
  });

  it('never reads the console’s session: a signed-in caller gets the same public answer', async () => {
    const res = await info('', { authorization: `Bearer ${owner}`, cookie: 'palco_session=x' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('the country database', () => {
  it('is configurable, read offline, and reloaded when replaced', async () => {
    expect(loadConfig({}).geoipDbPath).toBe(defaultGeoDbPath());
    expect(loadConfig({ GEOIP_DB_PATH: '/srv/geo/country.mmdb' }).geoipDbPath).toBe('/srv/geo/country.mmdb');
    expect(loadConfig({ TRUSTED_COUNTRY_HEADER: 'CF-IPCountry' }).trustedCountryHeader).toBe('cf-ipcountry');
    expect(loadConfig({}).trustedCountryHeader).toBeNull();
    expect(() => loadConfig({ TRUSTED_COUNTRY_HEADER: 'bad header' })).toThrow(/TRUSTED_COUNTRY_HEADER/);

    const path = join(server.store.dataDir, 'country.mmdb');
    await copyFile(defaultGeoDbPath(), path);
    const geo = new GeoLookup(path);
    await geo.open();
    try {
      // Nothing is read before the first use (docs/server.md "Memory"): every country is unknown.
      expect(geo.loaded).toBe(false);
      expect(geo.country('2001:4860:4860::8888')).toBeNull();
      await geo.ready();
      expect(geo.country('2001:4860:4860::8888')).toBe('US');
      expect(geo.country('::ffff:200.147.67.142')).toBe('BR');
      expect(geo.country('192.168.0.1')).toBeNull();
      expect(geo.country('not an address')).toBeNull();
      // A newer file put in place (here one without IPv4 ranges), then reloaded without a restart.
      const ipv6Only = defaultGeoDbPath().replace(/geolite2-country\.mmdb$/, 'geolite2-country-ipv6.mmdb');
      await copyFile(ipv6Only, `${path}.new`);
      await rename(`${path}.new`, path);
      await geo.reload();
      expect(geo.country('200.147.67.142')).toBeNull();
      expect(geo.country('2a00:1450:4001::1')).toBe('DE');
    } finally {
      geo.close();
    }
  });
});

describe('customers\' own players (docs/playback.md "Use your own player")', () => {
  const page = 'https://player.customer.example';
  const expectCors = (res: LightMyRequestResponse, origin = page) => {
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers.vary).toMatch(/Origin/);
  };
  const preflight = (url: string, origin = page) =>
    server.app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'range' },
    });
  const expectPreflight = (res: LightMyRequestResponse, origin = page) => {
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(res.headers['access-control-allow-methods']).toMatch(/\bGET\b/);
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('range');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  };

  it("answers any page's player for a video: the answer and every file it points to", async () => {
    const headers = { origin: page };
    expectPreflight(await preflight(`/v1/public/videos/${videoId}/playback`));
    const res = await get(`/v1/public/videos/${videoId}/playback`, headers);
    expectCors(res);
    const info = res.json<Info>();
    const base = info.manifestUrl!.replace(/master\.m3u8\?.*$/, '');
    const master = await get(info.manifestUrl!, headers);
    expectCors(master);
    const rendition = master.body.split('\n').find((l) => l.endsWith('.m3u8'))!;
    const playlist = await get(base + rendition, headers);
    expectCors(playlist);
    const segment =
      base +
      rendition.replace(/index\.m3u8$/, '') +
      playlist.body.split('\n').find((l) => l.endsWith('.ts'))!;
    expectPreflight(await preflight(segment));
    const range = await get(segment, { ...headers, range: 'bytes=0-187' });
    expectCors(range);
    expect(range.statusCode).toBe(206);
    expect(range.headers['access-control-expose-headers']).toMatch(/Content-Range/);
    expectCors(await get(info.subtitles[0]!.url, headers));
    if (info.banners.thumbnail) expectCors(await get(info.banners.thumbnail, headers));
  });

  it("answers a live's player exactly on the pages the embed may be on; geoblock and token still hold", async () => {
    await server.app.db
      .updateTable('live_streams')
      .set({ status: 'live' })
      .where('id', '=', liveId)
      .execute();
    const dir = viewerDir(server.config.dataDir, DEMO, liveId);
    await mkdir(join(dir, 'src'), { recursive: true });
    await writeFile(join(dir, 'master.m3u8'), '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\nsrc/index.m3u8\n');
    await writeFile(join(dir, 'src', 'index.m3u8'), '#EXTM3U\n#EXTINF:4,\nseg_00001.ts\n');
    await writeFile(join(dir, 'src', 'seg_00001.ts'), Buffer.alloc(188, 0x47));
    const files = (info: Info) => {
      const base = info.manifestUrl!.replace(/master\.m3u8\?.*$/, '');
      return [info.manifestUrl!, `${base}src/index.m3u8`, `${base}src/seg_00001.ts`];
    };
    const playback = `/v1/public/lives/${liveId}/playback`;

    // No list: any page.
    await setSecurity({ geoAccessControl: 'off', geoRegionList: [], referrerWhitelist: [] });
    const open = await get(playback, { origin: 'https://anyone.example' });
    expectCors(open, 'https://anyone.example');
    for (const url of files(open.json<Info>())) {
      expectCors(await get(url, { origin: 'https://anyone.example' }), 'https://anyone.example');
    }

    // A list: its pages only, refused elsewhere as WHEP refuses (403 domain_not_allowed, no CORS).
    await setSecurity({
      geoAccessControl: 'off',
      geoRegionList: [],
      referrerWhitelist: ['player.customer.example'],
    });
    expectPreflight(await preflight(playback));
    const allowed = await get(playback, { origin: page });
    expectCors(allowed);
    const urls = files(allowed.json<Info>());
    for (const url of urls) expectCors(await get(url, { origin: page }));
    const evil = 'https://evil.example';
    const refused = await get(playback, { origin: evil });
    expect(reasonOf(refused, 403)).toBe('domain_not_allowed');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    // Its token passed on to another page's player opens no file there either.
    for (const url of urls) {
      const res = await get(url, { origin: evil });
      expect(reasonOf(res, 403)).toBe('domain_not_allowed');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers.vary).toMatch(/Origin/);
    }
    // The embed's `origin` is checked as before: an allowed caller cannot name a refused page.
    expect(reasonOf(await get(`${playback}?origin=${encodeURIComponent(evil)}`, { origin: page }), 403)).toBe(
      'domain_not_allowed',
    );
    // The geoblock and the token hold for an allowed page.
    await setSecurity({
      geoAccessControl: 'block',
      geoRegionList: ['BR'],
      referrerWhitelist: ['player.customer.example'],
    });
    expect(reasonOf(await get(playback, { origin: page, 'cf-ipcountry': 'BR' }), 403)).toBe('geo_blocked');
    expect(reasonOf(await get(urls[0]!, { origin: page, 'cf-ipcountry': 'BR' }), 403)).toBe('geo_blocked');
    expect(reasonOf(await get(`/play/live/${liveId}/x/master.m3u8`, { origin: page }), 403)).toBe(
      'invalid_link',
    );

    await setSecurity({ geoAccessControl: 'off', geoRegionList: [], referrerWhitelist: [] });
    await server.app.db
      .updateTable('live_streams')
      .set({ status: 'scheduled' })
      .where('id', '=', liveId)
      .execute();
  });
});

import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { publishTestSignal } from '../server/test/rtmp-encoder.ts';
import { readyVideo } from './embed-helpers';
import { type Api, controlStream, createStream, getStream, unique } from './streaming-helpers';
import { DEMO, DEMO_PASSWORD, E2E_BASE_URL, E2E_INGEST_PORT } from './support/env';

// A customer's own player (docs/playback.md "Use your own player"), in Debian's Chromium against the real
// server: a page on another origin (a local site, `{host}.localhost:{port}`) loads a third-party player —
// hls.js, or Shaka bare — asks the public playback answer and gives the manifest to the player. A live
// pushed by a real ffmpeg plays on a site its authorized domains list, and is refused on another; a
// VOD (no domain list) plays on any site, with hls.js and with Shaka.

/** The customer's site: the players' scripts and one page that plays what its query names. */
async function startCustomerSite() {
  const scripts: Record<string, string> = {
    '/hls.min.js': readFileSync('node_modules/hls.js/dist/hls.min.js', 'utf8'),
    '/shaka.js': readFileSync('node_modules/shaka-player/dist/shaka-player.compiled.js', 'utf8'),
  };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://site').pathname;
    const script = scripts[path];
    if (script) {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(script);
    } else if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(PAGE);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    /** The page on `host`, playing `id` of `kind` with `player`. */
    url: (host: string, player: 'hls' | 'shaka', kind: 'live' | 'video', id: string) =>
      `http://${host}:${port}/?${new URLSearchParams({ api: E2E_BASE_URL, player, kind, id })}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * What a customer writes (the docs' examples): the playback answer, then its manifest to the player.
 * `window.outcome` says how far it got.
 */
const PAGE = `<!doctype html><meta charset="utf-8"><title>Customer player</title>
<video id="video" muted playsinline controls style="width:480px"></video>
<script src="/hls.min.js"></script><script src="/shaka.js"></script>
<script>
window.outcome = 'starting';
(async () => {
  const q = new URLSearchParams(location.search);
  const api = q.get('api');
  const video = document.getElementById('video');
  let info;
  try {
    const res = await fetch(api + '/v1/public/' + q.get('kind') + 's/' + q.get('id') + '/playback');
    info = await res.json();
    if (!res.ok) { window.outcome = 'refused: ' + info.reason; return; }
  } catch (error) {
    window.outcome = 'blocked: ' + error.name;
    return;
  }
  const manifest = new URL(info.manifestUrl, api).href;
  if (q.get('player') === 'hls') {
    const hls = new Hls();
    hls.on(Hls.Events.ERROR, (_e, data) => { if (data.fatal) window.outcome = 'error: ' + data.details; });
    hls.on(Hls.Events.MANIFEST_PARSED, () => video.play().catch(() => {}));
    hls.loadSource(manifest);
    hls.attachMedia(video);
  } else {
    shaka.polyfill.installAll();
    const player = new shaka.Player();
    await player.attach(video);
    try { await player.load(manifest); } catch (error) { window.outcome = 'error: ' + error.code; return; }
  }
  window.outcome = 'loading';
  video.play().catch(() => {});
})();
</script>`;

/** Waits until the page's player has played past one second. */
async function expectPlaying(page: Page, timeout: number) {
  await expect
    .poll(
      async () => {
        const outcome = await page.evaluate(() => (window as unknown as { outcome: string }).outcome);
        if (outcome.startsWith('error') || outcome.startsWith('refused') || outcome.startsWith('blocked')) {
          return outcome;
        }
        // A play() that raced the player's source (an AbortError) is asked again.
        return page.locator('#video').evaluate((v: HTMLVideoElement) => {
          if (v.paused && v.readyState >= 2) v.play().catch(() => {});
          return v.currentTime > 1;
        });
      },
      { timeout },
    )
    .toBe(true);
}

let site: Awaited<ReturnType<typeof startCustomerSite>>;
let api: APIRequestContext;
/** The VOD, uploaded and transcoded while the live test runs. */
let vod: Promise<string>;

test.beforeAll(async () => {
  site = await startCustomerSite();
  api = await request.newContext({ baseURL: E2E_BASE_URL });
  const login = await api.post('/api/user/login', { data: { login: DEMO.owner, password: DEMO_PASSWORD } });
  const { Token: token } = (await login.json()) as { Token: string };
  const me = (await (await api.get('/bff/me', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    contasCargos: Array<{ conta_id: string; conta_nome: string }>;
  };
  const teamId = me.contasCargos.find((c) => c.conta_nome === 'Demo Produções')!.conta_id;
  vod = readyVideo({ request: api, token, teamId }, unique('Own player VOD'));
  vod.catch(() => {}); // awaited (and reported) by its test
});
test.afterAll(async () => {
  await site?.close();
  await api?.dispose();
});

test("a live plays in hls.js on a site its authorized domains list; another site's player is refused", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const login = await page.request.post('/api/user/login', {
    data: { login: DEMO.owner, password: DEMO_PASSWORD },
  });
  const { Token: token } = (await login.json()) as { Token: string };
  const me = (await (
    await page.request.get('/bff/me', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { contasCargos: Array<{ conta_id: string; conta_nome: string }> };
  const teamId = me.contasCargos.find((c) => c.conta_nome === 'Demo Produções')!.conta_id;
  const owner: Api = { request: page.request, token, teamId };
  const created = await createStream(owner, unique('Own player live'), {
    type: 'encoder',
    security: { geoAccessControl: 'off', geoRegionList: [], referrerWhitelist: ['site.localhost'] },
  });
  const liveId = created.id;
  await controlStream(owner, liveId, 'start');
  const key = (await getStream(owner, liveId)).body!.signals[0]!.key!;
  const encoder: ChildProcess = publishTestSignal(`rtmp://127.0.0.1:${E2E_INGEST_PORT}/live/${key}`, 80);
  try {
    let manifestUrl: string | null = null;
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/v1/public/lives/${liveId}/playback`);
          manifestUrl = ((await res.json()) as { manifestUrl: string | null }).manifestUrl;
          return manifestUrl;
        },
        { timeout: 45_000 },
      )
      .toMatch(/^\/play\/live\//);

    // The listed site: its hls.js gets the answer, the playlists and the segments, and plays.
    await page.goto(site.url('site.localhost', 'hls', 'live', liveId));
    await expectPlaying(page, 30_000);

    // Another site: the answer is refused (403 domain_not_allowed, with no CORS header the browser
    // keeps it from the page), and a manifest URL taken from elsewhere opens nothing there either.
    await page.goto(site.url('other.localhost', 'hls', 'live', liveId));
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { outcome: string }).outcome))
      .toBe('blocked: TypeError');
    const manifest = new URL(manifestUrl!, E2E_BASE_URL).href;
    const direct = await page.evaluate(async (url) => {
      try {
        return String((await fetch(url)).status);
      } catch (error) {
        return (error as Error).name;
      }
    }, manifest);
    expect(direct).toBe('TypeError');
    // What the browser got and kept from the page: 403 domain_not_allowed, for the answer and the file.
    const other = { origin: new URL(site.url('other.localhost', 'hls', 'live', liveId)).origin };
    const answer = await page.request.get(`/v1/public/lives/${liveId}/playback`, { headers: other });
    expect(answer.status()).toBe(403);
    expect(((await answer.json()) as { reason: string }).reason).toBe('domain_not_allowed');
    expect((await page.request.get(manifest, { headers: other })).status()).toBe(403);
  } finally {
    encoder.kill('SIGKILL');
  }
});

test('a VOD plays on any site, with hls.js and with Shaka used bare', async ({ page }) => {
  test.setTimeout(120_000);
  const videoId = await vod;
  await page.goto(site.url('any.localhost', 'hls', 'video', videoId));
  await expectPlaying(page, 20_000);
  await page.goto(site.url('other.localhost', 'shaka', 'video', videoId));
  await expectPlaying(page, 20_000);
});

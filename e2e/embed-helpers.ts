import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, type Frame, type Page } from '@playwright/test';
import { makeVideo, untilReady, uploadSource } from './vod-helpers';

/**
 * A second web site on its own port, for the embed tests: a page that embeds the player in an iframe
 * (`http://{host}.localhost:{port}/?src=…`: Chromium resolves every *.localhost to this machine, so each
 * host name is another origin), and a VAST ad server (`/vast.xml`, the ad's mp4, and its tracking
 * pixels, each hit recorded).
 */
export async function startSite() {
  // 5 s: the player's frame fires its load event only once the chunks it preloads are in (shaka among
  // them, docs/playback.md "Startup time"), by when its ad is under way; on a busy machine a 2 s ad was
  // over before a test, waiting for that load, could look at it.
  const ad = readFileSync(makeVideo('ad.mp4', { size: '320x180', seconds: 5, bitrate: '200k' }).path);
  const hits: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    hits.push(url.pathname);
    if (url.pathname === '/') {
      const src = url.searchParams.get('src') ?? '';
      // `referrer=none`: the frame is asked for without a Referer, so the server cannot tell the page's
      // origin and renders no playback answer: the player asks the endpoint (docs/playback.md "Startup
      // time: the answer in the page").
      const policy = url.searchParams.get('referrer') === 'none' ? ' referrerpolicy="no-referrer"' : '';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><title>site</title><h1>A customer's site</h1><iframe id="player" src="${src.replace(/"/g, '&quot;')}"${policy} style="width:640px;aspect-ratio:16/9;border:0" allow="autoplay; fullscreen"></iframe>`,
      );
    } else if (url.pathname === '/vast.xml' || url.pathname === '/broken-vast.xml') {
      // The player (another origin) reads it with fetch: CORS. The broken ad's media file is missing.
      res.writeHead(200, { 'content-type': 'text/xml', 'access-control-allow-origin': '*' });
      const base = `http://127.0.0.1:${port()}`;
      res.end(vast(base, url.pathname === '/vast.xml' ? `${base}/ad.mp4` : `${base}/missing.mp4`));
    } else if (url.pathname === '/missing.mp4') {
      res.writeHead(404);
      res.end();
    } else if (url.pathname === '/ad.mp4') {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': ad.length });
      res.end(ad);
    } else {
      // Tracking pixels (impression, error, complete…): a 1×1 answer is all a browser needs.
      res.writeHead(204, { 'access-control-allow-origin': '*' });
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = () => (server.address() as AddressInfo).port;
  return {
    hits,
    vastUrl: `http://127.0.0.1:${port()}/vast.xml`,
    brokenVastUrl: `http://127.0.0.1:${port()}/broken-vast.xml`,
    pageUrl: (host: string, src: string, o: { noReferrer?: boolean } = {}) =>
      `http://${host}:${port()}/?src=${encodeURIComponent(src)}${o.noReferrer ? '&referrer=none' : ''}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function vast(base: string, media: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="3.0">
  <Ad id="e2e-ad">
    <InLine>
      <AdSystem>e2e</AdSystem>
      <AdTitle>Pre-roll</AdTitle>
      <Impression><![CDATA[${base}/impression]]></Impression>
      <Error><![CDATA[${base}/error?code=[ERRORCODE]]]></Error>
      <Creatives>
        <Creative>
          <Linear>
            <Duration>00:00:05</Duration>
            <TrackingEvents>
              <Tracking event="complete"><![CDATA[${base}/complete]]></Tracking>
            </TrackingEvents>
            <MediaFiles>
              <MediaFile delivery="progressive" type="video/mp4" width="320" height="180"><![CDATA[${media}]]></MediaFile>
            </MediaFiles>
          </Linear>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>`;
}

/** The player's frame in the site's page. */
export async function playerFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('iframe#player').elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('no player frame');
  return frame;
}

/** Waits until the frame's main video has played past `seconds`. */
export async function expectPlaying(frame: Frame, seconds = 1, timeout = 30_000) {
  await expect
    .poll(
      () =>
        frame
          .locator('video.video')
          .evaluate((v: HTMLVideoElement) => v.currentTime)
          .catch(() => 0),
      {
        timeout,
      },
    )
    .toBeGreaterThan(seconds);
}

interface Auth {
  request: APIRequestContext;
  token: string;
  teamId: string;
}

/** A VOD video, uploaded and transcoded for real, with a pt-BR subtitle whose cue covers its start. */
export async function readyVideo({ request, token, teamId }: Auth, title: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const params = { accountId: teamId };
  const created = await request.post('/v1/videos/vod', { headers, params, data: { title } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const file = makeVideo(`vod-${Date.now()}.mp4`, { seconds: 6, bitrate: '300k' });
  await uploadSource(request, { token, teamId }, id, { name: file.name, buffer: readFileSync(file.path) });
  const subtitle = await request.post(`/v1/videos/${id}/subtitles/upload`, {
    headers,
    params,
    multipart: {
      language: 'pt-BR',
      file: {
        name: 'pt.vtt',
        mimeType: 'text/vtt',
        buffer: Buffer.from('WEBVTT\n\n00:00:00.000 --> 00:00:06.000\nLegenda de teste\n'),
      },
    },
  });
  expect(subtitle.status(), await subtitle.text()).toBe(201);
  await untilReady(request, { token, teamId }, id);
  return id;
}

/** The playback answer the server rendered into an embed page (docs/playback.md "Startup time: the
 * answer in the page"), or null when the page carries none (it then asks the endpoint). */
export async function renderedAnswer<T = { viewerId: string }>(frame: Page | Frame): Promise<T | null> {
  const text = await frame
    .locator('#palco-playback')
    .textContent({ timeout: 5_000 })
    .catch(() => null);
  return text ? (JSON.parse(text) as { info: T }).info : null;
}

/** Waits until a live's playback answer names a manifest: its encoder's first segments are out. */
export async function untilOnAir(request: APIRequestContext, liveId: string) {
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/v1/public/lives/${liveId}/playback`)).json()) as {
            manifestUrl: string | null;
          }
        ).manifestUrl,
      { timeout: 60_000 },
    )
    .toMatch(/^\/play\/live\//);
}

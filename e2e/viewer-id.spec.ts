import type { ChildProcess } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { publishTestSignal } from '../server/test/rtmp-encoder.ts';
import { renderedAnswer } from './embed-helpers';
import { type Api, controlStream, createStream, getStream, unique } from './streaming-helpers';
import { DEMO, E2E_INGEST_PORT } from './support/env';
import { signInWithTeam } from './support/pwa';

// docs/playback.md "Viewer-ID signal", the console's side: the control panel's viewer-ID signal reaches the
// live's viewer channel, and the viewers a live has (from their beacons) show on the panel and the wall.
// A viewer here is what the embed player does: playback info, beacons, the channel (no player page).

interface Info {
  sessionId: string;
  beaconUrl: string;
  channelUrl: string;
  manifestUrl: string | null;
}

async function heartbeat(page: Page, info: Info) {
  const res = await page.request.post(info.beaconUrl, {
    data: { sessionId: info.sessionId, events: [{ type: 'heartbeat', at: Date.now() }] },
  });
  expect(res.status()).toBe(204);
}

test('the control panel sends the viewer-ID signal to the players and shows who watches', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const api: Api = { request: page.request, token, teamId };
  const live = await createStream(api, unique('Identificação'), {
    type: 'encoder',
    scheduledStartTime: new Date(Date.now() - 60_000).toISOString(),
  });
  await controlStream(api, live.id, 'start');
  // A real encoder puts the live on the air: a viewer counts once their player loads its media.
  const key = (await getStream(api, live.id)).body!.signals[0]!.key!;
  const encoder: ChildProcess = publishTestSignal(`rtmp://127.0.0.1:${E2E_INGEST_PORT}/live/${key}`, 80);
  try {
    await watchAndCount(page, api, live);
  } finally {
    encoder.kill('SIGINT');
  }
});

async function watchAndCount(page: Page, api: Api, live: { id: string; nome: string }) {
  // One viewer: a playback session; issued and beaconing, it is nobody yet (docs/playback.md
  // "Audience bounds"); once its player loads the live's manifest, it watches.
  let info: Info | undefined;
  await expect
    .poll(
      async () => {
        const playback = await page.request.get(`/v1/public/lives/${live.id}/playback`);
        expect(playback.status()).toBe(200);
        info = (await playback.json()) as Info;
        return info.manifestUrl;
      },
      { timeout: 60_000 },
    )
    .toMatch(/^\/play\/live\//);
  if (!info?.manifestUrl) throw new Error('the live never went on the air');
  expect(info.channelUrl).toBe(`/v1/public/lives/${live.id}/channel`);
  await heartbeat(page, info);
  expect(
    (await page.request
      .get(`/v1/live-streams/${live.id}/viewers?accountId=${api.teamId}`, {
        headers: { authorization: `Bearer ${api.token}` },
      })
      .then((r) => r.json())) as { total: number },
  ).toEqual({ total: 0 });
  expect((await page.request.get(info.manifestUrl)).status()).toBe(200);
  await heartbeat(page, info);

  await page.goto(`/streaming/${live.id}/panel`);
  await expect(page.getByTestId('panel-viewers')).toHaveText('1 espectador agora', { timeout: 20_000 });

  // The viewer's channel, opened in the page as the player opens it.
  await page.evaluate(async (path) => {
    const got: unknown[] = [];
    (window as unknown as { viewerMessages: unknown[] }).viewerMessages = got;
    const socket = new WebSocket(new URL(path, location.href).toString().replace(/^http/, 'ws'));
    socket.onmessage = (e) => {
      for (const line of String(e.data).split('\n')) if (line) got.push(JSON.parse(line));
    };
    await new Promise((resolve) => {
      socket.onopen = resolve;
    });
  }, info.channelUrl);

  // And a viewer in the embed player, whose own viewer ID must show over the picture.
  const embed = await page.context().newPage();
  await embed.goto(`/embed/${live.id}`);
  // A top-level visit: the page carries its playback answer (docs/playback.md "Startup time: the answer
  // in the page").
  const viewerId = (await renderedAnswer(embed))?.viewerId ?? '';
  expect(viewerId).toMatch(/^[A-Z0-9]{8}$/);
  const overlay = embed.getByTestId('viewer-id');
  await expect(overlay).toHaveCount(0);

  const send = page.getByRole('button', { name: 'Enviar sinal de identificação' });
  await send.click();
  await expect(page.getByText('Sinal de identificação enviado aos espectadores')).toBeVisible();
  // The embed opens its channel after its first playback answer: a signal sent before that is not
  // seen there, so send again until it is.
  await expect(async () => {
    if ((await overlay.count()) === 0) await send.click();
    await expect(overlay).toHaveText(viewerId, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await embed.close();
  await expect
    .poll(() =>
      page.evaluate(() =>
        (window as unknown as { viewerMessages: { type: string; until?: string }[] }).viewerMessages.find(
          (m) => m.type === 'viewer_id',
        ),
      ),
    )
    .toMatchObject({ type: 'viewer_id', until: expect.any(String) });

  // The wall shows the same count.
  await heartbeat(page, info);
  await page.goto(`/broadcast?live=${live.id}`);
  const tile = page.getByTestId('wall-tile').filter({ hasText: live.nome });
  // (The embed's own session leaves with its page: its final beacon, else its silence.)
  await expect(tile.getByTestId('wall-viewers')).toHaveText('1', { timeout: 45_000 });

  // The viewer leaves: nobody watches any more.
  await page.request.post(info.beaconUrl, {
    data: { sessionId: info.sessionId, events: [{ type: 'end', at: Date.now() }] },
  });
  await expect(tile.getByTestId('wall-viewers')).toHaveText('0', { timeout: 20_000 });
}

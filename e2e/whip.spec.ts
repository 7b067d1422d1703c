import { expect, test } from '@playwright/test';
import { type Api, createStream, getStream } from './streaming-helpers';
import { DEMO, fakeMediaLaunch } from './support/env';
import { signInWithTeam } from './support/pwa';

// docs/studio.md "WHIP ingest": a browser publishes over WHIP (RFC 9725) with a signal key, as the studio
// page and OBS do: Debian's Chromium with a fake camera and microphone, its own RTCPeerConnection and fetch.
// The server answers, asks for keyframes, and the publish reaches the RTMP pipeline (the signal
// publishes, with the camera's size); DELETE on the Location ends it.

test.use({
  launchOptions: fakeMediaLaunch(),
});

interface Published {
  status: number;
  location: string | null;
  codecs: string[];
}

test('a browser publishes over WHIP with the signal key; DELETE ends it', async ({ page }) => {
  test.setTimeout(90_000);
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const api: Api = { request: page.request, token, teamId };
  const auth = { headers: { Authorization: `Bearer ${token}` }, params: { accountId: teamId } };
  const created = await createStream(api, `WHIP e2e ${Date.now()}`, { type: 'encoder' });
  const key = (await getStream(api, created.id)).body!.signals[0]!.key!;
  const status = async () => {
    const res = await page.request.get(`/v1/live-streams/${created.id}/signals/status`, auth);
    return ((await res.json()) as { signals: { publishing: boolean; width: number | null }[] }).signals[0]!;
  };

  // A wrong key is refused before any media.
  const refused = await page.evaluate(async () => {
    const res = await fetch('/whip', {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', authorization: `Bearer ${'x'.repeat(43)}` },
      body: 'v=0\r\n',
    });
    return res.status;
  });
  expect(refused).toBe(401);

  const published = await page.evaluate(async (signalKey): Promise<Published> => {
    const media = await navigator.mediaDevices.getUserMedia({
      video: { width: 640, height: 360, frameRate: 25 },
      audio: true,
    });
    const pc = new RTCPeerConnection();
    for (const track of media.getTracks()) pc.addTransceiver(track, { direction: 'sendonly' });
    await pc.setLocalDescription(await pc.createOffer());
    await new Promise<void>((resolve) => {
      if (pc.iceGatheringState === 'complete') resolve();
      pc.onicegatheringstatechange = () => {
        if (pc.iceGatheringState === 'complete') resolve();
      };
    });
    const res = await fetch('/whip', {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', authorization: `Bearer ${signalKey}` },
      body: pc.localDescription?.sdp ?? '',
    });
    const answer = await res.text();
    if (res.status === 201) await pc.setRemoteDescription({ type: 'answer', sdp: answer });
    (window as unknown as { whipPc: RTCPeerConnection }).whipPc = pc;
    return {
      status: res.status,
      location: res.headers.get('location'),
      codecs: answer.split('\r\n').filter((l) => l.startsWith('a=rtpmap:')),
    };
  }, key);
  expect(published.status).toBe(201);
  expect(published.location).toMatch(/^\/whip\/[0-9a-f-]{36}$/);
  expect(published.codecs.some((l) => / H264\/90000$/.test(l))).toBe(true);
  expect(published.codecs.some((l) => / opus\/48000\/2$/.test(l))).toBe(true);

  // The media reaches the ingest: the signal publishes with the camera's size.
  await expect.poll(async () => (await status()).width, { timeout: 30_000 }).toBe(640);
  expect((await status()).publishing).toBe(true);
  // The server asked the browser for keyframes (one per segment).
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const pc = (window as unknown as { whipPc: RTCPeerConnection }).whipPc;
          let plis = 0;
          (await pc.getStats()).forEach((s: { type: string; kind?: string; pliCount?: number }) => {
            if (s.type === 'outbound-rtp' && s.kind === 'video') plis = s.pliCount ?? 0;
          });
          return plis;
        }),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(1);

  const deleted = await page.evaluate(
    async ({ location, signalKey }) =>
      (await fetch(location, { method: 'DELETE', headers: { authorization: `Bearer ${signalKey}` } })).status,
    { location: published.location!, signalKey: key },
  );
  expect(deleted).toBe(200);
  await expect.poll(async () => (await status()).publishing, { timeout: 15_000 }).toBe(false);
});

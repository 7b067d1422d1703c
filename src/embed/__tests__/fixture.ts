import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PlaybackInfo } from '@contract/playback';

/** A small local HTTP server standing in for the API in the player's unit tests: each request is
 * answered by `handle` and recorded. */
export async function fixtureServer(
  handle: (req: IncomingMessage) => { status: number; type?: string; body: string },
): Promise<{ url: string; requests: IncomingMessage[]; close(): Promise<void> }> {
  const requests: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req);
    const answer = handle(req);
    res.writeHead(answer.status, { 'content-type': answer.type ?? 'application/json' });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function playbackInfo(over: Partial<PlaybackInfo> = {}): PlaybackInfo {
  return {
    kind: 'live',
    id: 'f0000000-0000-4000-8000-000000000001',
    accountId: 'a0000000-0000-4000-8000-000000000002',
    title: 'Aula inaugural',
    status: 'live',
    scheduledStartTime: '2026-11-25T18:30:00.000Z',
    playerColor: '#ff6600',
    latency: 'default',
    dvr: { enabled: false, windowSeconds: 0 },
    audioOnly: false,
    banners: {
      thumbnail: '/t.jpg',
      startSoonScreen: '/s.jpg',
      pauseScreen: '/p.jpg',
      endingScreen: '/e.jpg',
    },
    manifestUrl: '/play/live/f0000000-0000-4000-8000-000000000001/tok1/master.m3u8',
    manifestType: 'hls',
    recordingVideoId: null,
    subtitles: [],
    ads: { preRollVastUrl: null, postRollVastUrl: null },
    analyticsMeasurementId: null,
    viewerId: 'AB12CD34',
    sessionId: 'sess',
    expiresAt: '2026-11-25T19:00:00.000Z',
    overlays: [],
    channelUrl: '/v1/public/lives/f0000000-0000-4000-8000-000000000001/channel',
    beaconUrl: '/v1/public/beacons',
    latencyTargets: { segmentSeconds: 4, liveDelaySeconds: 12, lowLatencyMode: false },
    ...over,
  };
}

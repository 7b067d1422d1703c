import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Overlay, PlaybackInfo } from '@contract/playback';
import { afterEach, describe, expect, it } from 'vitest';
import { type ChannelSocket, dispatchFrame, openChannel, socketUrl } from '../channel';

interface ServerSocket {
  send(data: string): void;
  close(code?: number): void;
}
interface WsServer {
  on(event: 'connection', listener: (socket: ServerSocket, request: { url: string }) => void): void;
  once(event: 'listening', listener: () => void): void;
  address(): AddressInfo;
  close(): void;
}
const ws = createRequire(import.meta.url)('ws') as {
  WebSocket: new (url: string) => ChannelSocket;
  WebSocketServer: new (o: { port: number; host: string }) => WsServer;
};

function collect() {
  const got = {
    statuses: [] as PlaybackInfo['status'][],
    until: [] as string[],
    overlays: [] as Overlay[][],
    viewers: [] as number[],
  };
  const handlers = {
    onStatus: (s: PlaybackInfo['status']) => got.statuses.push(s),
    onViewerId: (u: string) => got.until.push(u),
    onOverlays: (o: Overlay[]) => got.overlays.push(o),
    onViewers: (n: number) => got.viewers.push(n),
  };
  return { got, handlers };
}

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let server: WsServer | null = null;
afterEach(() => server?.close());

describe('the viewer channel client', () => {
  it('hands every known line to its handler and skips junk and unknown statuses', () => {
    const { got, handlers } = collect();
    const overlay = {
      id: 'o',
      kind: 'text',
      text: 'Oi',
      imageUrl: null,
      position: 'center',
      widthPercent: 20,
      color: null,
    };
    dispatchFrame(
      [
        '{"type":"status","status":"paused"}',
        '{"type":"status","status":"exploded"}',
        'not json',
        '{"type":"viewer_id","until":"2026-11-25T16:00:00.000Z"}',
        JSON.stringify({ type: 'overlays', overlays: [overlay] }),
        '{"type":"viewers","count":4}',
        '{"type":"viewers","count":"4"}',
        '',
      ].join('\n'),
      handlers,
    );
    expect(got).toEqual({
      statuses: ['paused'],
      until: ['2026-11-25T16:00:00.000Z'],
      overlays: [[overlay]],
      viewers: [4],
    });
  });

  it('turns the root-relative URL into ws:// or wss:// on the page’s host', () => {
    expect(socketUrl('/v1/public/lives/x/channel', 'https://tv.palco.example/embed/x')).toBe(
      'wss://tv.palco.example/v1/public/lives/x/channel',
    );
    expect(socketUrl('/v1/public/lives/x/channel', 'http://127.0.0.1:8080/embed/x')).toBe(
      'ws://127.0.0.1:8080/v1/public/lives/x/channel',
    );
  });

  it('reconnects over a real socket after the server drops it, and stops when told', async () => {
    const wss = new ws.WebSocketServer({ port: 0, host: '127.0.0.1' });
    server = wss;
    await new Promise<void>((resolve) => wss.once('listening', resolve));
    const paths: string[] = [];
    const sockets: ServerSocket[] = [];
    wss.on('connection', (socket, request) => {
      paths.push(request.url);
      sockets.push(socket);
      socket.send(`${JSON.stringify({ type: 'status', status: paths.length === 1 ? 'live' : 'paused' })}\n`);
    });
    const { got, handlers } = collect();
    const base = `http://127.0.0.1:${wss.address().port}/embed/x`;
    const stop = openChannel('/v1/public/lives/x/channel', handlers, (url) => new ws.WebSocket(url), base);
    await until(() => got.statuses.length === 1);
    sockets[0]?.close(1011);
    await until(() => got.statuses.length === 2);
    expect(got.statuses).toEqual(['live', 'paused']);
    expect(paths).toEqual(['/v1/public/lives/x/channel', '/v1/public/lives/x/channel']);
    stop();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(paths).toHaveLength(2);
  });
});

import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '../events';
import { AccountSocket, type SocketStatus } from '../socket';

// A real websocket server (the `ws` package the API's plugin uses) and the `ws` client, which speaks
// the browser's WebSocket interface (onopen, onmessage, onclose, send, close).
interface Peer {
  send(data: string): void;
  close(code?: number): void;
  on(event: 'message', listener: (data: Buffer | string) => void): void;
  protocol: string;
}
interface Server {
  on(event: 'connection', listener: (peer: Peer) => void): void;
  address(): { port: number };
  close(): void;
}
const ws = createRequire(import.meta.url)('ws') as {
  Server: new (options: { port: number }, ready: () => void) => Server;
} & typeof WebSocket;

let server: Server | undefined;
afterEach(() => server?.close());

/** A server that runs `script` for each connection, with the hello the client sent. */
async function serve(script: (peer: Peer, hello: Record<string, unknown>, n: number) => void) {
  let n = 0;
  await new Promise<void>((resolve) => {
    server = new ws.Server({ port: 0 }, resolve);
  });
  server!.on('connection', (peer) => {
    const index = n++;
    peer.on('message', (data) => script(peer, JSON.parse(String(data)), index));
  });
  return `ws://127.0.0.1:${server!.address().port}/ws/team`;
}

const line = (event: object) => `${JSON.stringify({ timestamp: 't', ...event })}\n`;

function client(url: string) {
  const events: RealtimeEvent[] = [];
  const statuses: Array<[SocketStatus, number | undefined]> = [];
  const socket = new AccountSocket({
    url,
    token: () => 'jwt',
    onEvent: (e) => events.push(e),
    onStatus: (s, code) => statuses.push([s, code]),
    WebSocketImpl: ws,
  });
  return { socket, events, statuses };
}

const until = async (check: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

const live = (id: string) => ({ id, evento: 'live_status', live_id: 'l1', status: 'live', motivo: 'start' });

describe('AccountSocket', () => {
  it('says hello with the token, then after a drop reconnects with the last id and applies replays once', async () => {
    const hellos: Array<Record<string, unknown>> = [];
    const url = await serve((peer, hello, n) => {
      hellos.push(hello);
      if (n === 0) {
        peer.send(line({ id: '10', evento: 'conectado' }));
        peer.send(line(live('11')) + line(live('12')));
        setTimeout(() => peer.close(1011), 50);
      } else {
        // The replay overlaps what the client already has.
        peer.send(line({ id: '13', evento: 'conectado' }) + line(live('12')) + line(live('13')));
      }
    });
    const c = client(url);
    c.socket.start();
    await until(() => c.events.filter((e) => e.evento === 'live_status').length === 3);
    c.socket.stop();
    expect(hellos).toEqual([
      { type: 'hello', token: 'jwt' },
      { type: 'hello', token: 'jwt', lastId: '12' },
    ]);
    expect(c.events.filter((e) => e.evento === 'live_status').map((e) => e.id)).toEqual(['11', '12', '13']);
    expect(c.statuses.map(([s]) => s)).toEqual([
      'connecting',
      'open',
      'closed',
      'connecting',
      'open',
      'closed',
    ]);
  });

  it('does not reconnect after 4401 or 4403', async () => {
    for (const code of [4401, 4403]) {
      let connections = 0;
      const url = await serve((peer) => {
        connections++;
        peer.close(code);
      });
      const c = client(url);
      c.socket.start();
      await until(() => c.statuses.some(([s]) => s === 'refused'));
      // Longer than the first backoff step: a reconnect would have happened.
      await new Promise((r) => setTimeout(r, 1_300));
      expect(connections).toBe(1);
      expect(c.statuses.at(-1)).toEqual(['refused', code]);
      c.socket.stop();
      server?.close();
    }
  });

  it('after 4401 says hello again at once with a token that changed meanwhile (a password change here)', async () => {
    const hellos: Array<Record<string, unknown>> = [];
    let token = 'old';
    const url = await serve((peer, hello, n) => {
      hellos.push(hello);
      if (n === 0) {
        peer.send(line({ id: '1', evento: 'conectado' }));
        token = 'new';
        setTimeout(() => peer.close(4401), 20);
      } else peer.send(line({ id: '2', evento: 'conectado' }));
    });
    const statuses: SocketStatus[] = [];
    const socket = new AccountSocket({
      url,
      token: () => token,
      onEvent: () => {},
      onStatus: (s) => statuses.push(s),
      WebSocketImpl: ws,
    });
    socket.start();
    await until(() => hellos.length === 2 && statuses.at(-1) === 'open');
    socket.stop();
    expect(hellos.map((h) => h.token)).toEqual(['old', 'new']);
    expect(statuses).not.toContain('refused');
  });

  it('reconnects after 4003 (the role changed)', async () => {
    let connections = 0;
    const url = await serve((peer) => {
      connections++;
      if (connections === 1) peer.close(4003);
      else peer.send(line({ id: '5', evento: 'conectado' }));
    });
    const c = client(url);
    c.socket.start();
    await until(() => connections === 2 && c.statuses.at(-1)?.[0] === 'open', 5_000);
    c.socket.stop();
    expect(c.statuses.map(([s]) => s)).not.toContain('refused');
  });
});

import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** What the tests use of a `ws` client (the `ws` types are not installed). */
export interface WsClient {
  readonly readyState: number;
  readonly protocol: string;
  readonly _socket: { pause(): void; resume(): void };
  send(data: string | Buffer): void;
  close(): void;
  terminate(): void;
  on(event: 'message', listener: (data: Buffer) => void): this;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
  on(event: 'open' | 'error', listener: (arg?: unknown) => void): this;
  once(event: 'open' | 'error', listener: (arg?: unknown) => void): this;
}
type WsConstructor = new (url: string, protocols: string[], options?: WsOptions) => WsClient;
/** `ws` client options the tests pass: the CA of a self-signed certificate (wss:// through a proxy). */
export interface WsOptions {
  ca?: Buffer;
}
const WebSocket = createRequire(import.meta.url)('ws') as WsConstructor;

/** A real websocket client of the account stream: every line it receives, parsed, in order. */
export class AccountClient {
  readonly events: Record<string, unknown>[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];

  private constructor(readonly ws: WsClient) {
    ws.on('message', (data) => {
      for (const line of data.toString('utf8').split('\n')) {
        if (line !== '') this.events.push(JSON.parse(line) as Record<string, unknown>);
      }
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        for (const wake of this.waiters.splice(0)) wake();
      }),
    );
  }

  static async open(baseUrl: string, accountId: string, options?: WsOptions): Promise<AccountClient> {
    const ws = new WebSocket(`${baseUrl}/ws/${accountId}`, ['palco.v1'], options);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', (error) => reject(error));
    });
    return new AccountClient(ws);
  }

  /** Opens and says hello; resolves once `conectado` arrived. */
  static async connect(
    baseUrl: string,
    accountId: string,
    token: string,
    lastId?: string,
    options?: WsOptions,
  ): Promise<AccountClient> {
    const client = await AccountClient.open(baseUrl, accountId, options);
    client.send({ type: 'hello', token, ...(lastId ? { lastId } : {}) });
    await client.waitFor((e) => e.evento === 'conectado');
    return client;
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }

  named(evento: string): Record<string, unknown>[] {
    return this.events.filter((e) => e.evento === evento);
  }

  /** Resolves with the first received event that matches (the socket closing first rejects). */
  async waitFor(
    match: (event: Record<string, unknown>) => boolean,
    timeoutMs = 15_000,
  ): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      if (this.ws.readyState >= 2) throw new Error('socket closed while waiting');
      if (Date.now() > deadline) throw new Error(`no matching event in ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  close(): void {
    this.ws.terminate();
  }
}

/** Starts listening on a free port of the loopback; answers the ws:// base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}`;
}

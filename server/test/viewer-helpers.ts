import { createRequire } from 'node:module';
import type { WsClient } from './realtime-helpers.ts';

type WsConstructor = new (url: string) => WsClient;
const WebSocket = createRequire(import.meta.url)('ws') as WsConstructor;

/** A real websocket client of a live's viewer channel: every line it receives, parsed, in order. */
export class ChannelClient {
  readonly messages: Record<string, unknown>[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];

  private constructor(readonly ws: WsClient) {
    ws.on('message', (data) => {
      for (const line of data.toString('utf8').split('\n')) {
        if (line !== '') this.messages.push(JSON.parse(line) as Record<string, unknown>);
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

  /** Opens the channel. Listening starts before the upgrade: the server speaks first. */
  static async open(baseUrl: string, liveId: string): Promise<ChannelClient> {
    const ws = new WebSocket(`${baseUrl}/v1/public/lives/${liveId}/channel`);
    const client = new ChannelClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', (error) => reject(error));
    });
    return client;
  }

  of(type: string): Record<string, unknown>[] {
    return this.messages.filter((m) => m.type === type);
  }

  /** Resolves with the first received message that matches. */
  async waitFor(match: (m: Record<string, unknown>) => boolean, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(match);
      if (found) return found;
      if (this.ws.readyState >= 2) throw new Error('socket closed while waiting');
      if (Date.now() > deadline) throw new Error(`no matching message in ${timeoutMs} ms`);
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

// The console side of bench/analytics.ts: a signed-in analyst with the account websocket open (every
// pushed `analytics` point of the live kept) who loads the dashboard (the six series and the summary
// at once) during the run.
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpPool, log, type Tally } from './analytics-http.ts';

interface WsClient {
  on(event: 'message', listener: (data: Buffer) => void): void;
  once(event: 'open' | 'error', listener: (arg?: unknown) => void): void;
  send(data: string): void;
  terminate(): void;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string, protocols: string[]) => WsClient;

export const METRICS = [
  'viewers',
  'rebuffering',
  'initFail',
  'exitBeforeStart',
  'initTime',
  'videoQuality',
] as const;

export interface Push {
  /** When it arrived. */
  at: number;
  /** Its bucket. */
  t: number;
  /** viewers.total */
  total: number;
}

export class AnalyticsConsole {
  readonly pushes: Push[] = [];
  /** Each dashboard load (all seven calls at once), ms. */
  readonly loads: number[] = [];
  readonly perCall = new Map<string, number[]>();
  private ws: WsClient | null = null;
  private refused = false;

  private readonly pool: HttpPool;

  constructor(
    private readonly base: string,
    private readonly accountId: string,
    private readonly token: string,
    private readonly liveId: string,
    private readonly tally: Tally,
  ) {
    this.pool = new HttpPool(base, 8);
  }

  /** Opens the account websocket (subprotocol palco.v1, hello, then `conectado`). */
  async open(): Promise<void> {
    const ws = new WebSocket(`${this.base.replace('http', 'ws')}/ws/${this.accountId}`, ['palco.v1']);
    this.ws = ws;
    await new Promise<void>((resolve, reject) => {
      ws.on('message', (data) => {
        for (const line of data.toString('utf8').split('\n')) {
          if (line === '') continue;
          const e = JSON.parse(line) as {
            evento: string;
            live_id?: string;
            t?: number;
            viewers?: { total: number };
          };
          if (e.evento === 'conectado') resolve();
          if (e.evento === 'analytics' && e.live_id === this.liveId)
            this.pushes.push({ at: Date.now(), t: e.t ?? 0, total: e.viewers?.total ?? -1 });
        }
      });
      ws.once('open', () => ws.send(JSON.stringify({ type: 'hello', token: this.token })));
      ws.once('error', reject);
    });
  }

  close(): void {
    this.ws?.terminate();
    this.pool.close();
  }

  /** GET of a signed-in route of the live; 2xx expected. */
  async get(path: string): Promise<{ status: number; ms: number; body: Record<string, unknown> | null }> {
    const r = await this.pool.request(
      'GET',
      `/v1/analytics/lives/${this.liveId}/${path}${path.includes('?') ? '&' : '?'}accountId=${this.accountId}`,
      { authorization: `Bearer ${this.token}` },
    );
    this.tally.add('console', r.status);
    if (r.status === 0 || r.status >= 500) {
      if (!this.refused)
        log(`    first failed console call: GET ${path} ${r.status} ${r.text.slice(0, 200)}`);
      this.refused = true;
    }
    return { status: r.status, ms: r.ms, body: r.status === 200 ? JSON.parse(r.text) : null };
  }

  /** One dashboard load: the six series and the summary at once; answers the summary's viewersNow. */
  async loadDashboard(): Promise<number | null> {
    const t = performance.now();
    let viewersNow: number | null = null;
    await Promise.all(
      [...METRICS.map((m) => `series/${m}`), 'summary'].map(async (path) => {
        const r = await this.get(path);
        const name = path.replace('series/', '');
        this.perCall.set(name, [...(this.perCall.get(name) ?? []), r.ms]);
        if (path === 'summary' && r.body) viewersNow = r.body.viewersNow as number;
      }),
    );
    this.loads.push(performance.now() - t);
    return viewersNow;
  }

  /** The summary's viewersNow read every 100 ms from 0.2 s before bucket boundary `b` to 2.5 s after. */
  async readAcrossBoundary(
    b: number,
    want: () => number,
  ): Promise<{ offset: number; got: number; want: number }[]> {
    const reads: { offset: number; got: number; want: number }[] = [];
    await sleep(Math.max(0, b - 200 - Date.now()));
    while (Date.now() < b + 2500) {
      const expected = want();
      const r = await this.get('summary');
      if (r.body) reads.push({ offset: Date.now() - b, got: r.body.viewersNow as number, want: expected });
      await sleep(100);
    }
    return reads;
  }
}

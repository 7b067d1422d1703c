import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { maxOf } from './extremes.ts';
import { type BenchServer, startBenchServer, withScratchDatabase } from './server.ts';

const CLIENTS = 1000;
const EVENTS = 20;
const WARMUP = 3;
const GOAL_P99_MS = 250;
const DEMO_ACCOUNT = 'a0000000-0000-4000-8000-000000000002';

/** What the bench uses of a `ws` client (the `ws` types are not installed). */
interface WsClient {
  on(event: 'message', listener: (data: Buffer) => void): void;
  once(event: 'open' | 'error' | 'close', listener: (arg?: unknown) => void): void;
  send(data: string): void;
  terminate(): void;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string, protocols: string[]) => WsClient;

const log = (line = '') => process.stdout.write(`${line}\n`);

function startServer(databaseUrl: string): Promise<BenchServer> {
  return startBenchServer({
    DATABASE_URL: databaseUrl,
    // Every client comes from 127.0.0.1 as the same user.
    MAX_CONNECTIONS_PER_ADDRESS: String(CLIENTS + 100),
    WS_MAX_CONNECTIONS_PER_USER: String(CLIENTS + 100),
  });
}

async function api(base: string, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}accountId=${DEMO_ACCOUNT}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** One client: resolves once `conectado` arrived; `seen(n)` is when it received the n-th live_status. */
function connect(wsBase: string, token: string, streamId: string, onEvent: (n: number) => void) {
  return new Promise<WsClient>((resolve, reject) => {
    const ws = new WebSocket(`${wsBase}/ws/${DEMO_ACCOUNT}`, ['palco.v1']);
    let count = 0;
    ws.on('message', (data) => {
      for (const line of data.toString('utf8').split('\n')) {
        if (line === '') continue;
        const event = JSON.parse(line) as { evento: string; live_id?: string };
        if (event.evento === 'conectado') resolve(ws);
        else if (event.evento === 'live_status' && event.live_id === streamId) onEvent(count++);
      }
    });
    ws.once('open', () => ws.send(JSON.stringify({ type: 'hello', token })));
    ws.once('error', reject);
    ws.once('close', () => reject(new Error('closed before conectado')));
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function runOnce(label: string, databaseUrl: string): Promise<void> {
  const server = await startServer(databaseUrl);
  const clients: WsClient[] = [];
  try {
    const login = await fetch(`${server.base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'owner@palco.test', password: 'palco123' }),
    });
    const { Token: token } = (await login.json()) as { Token: string };
    const stream = await api(server.base, token, 'POST', '/v1/live-streams', {
      nome: 'Bench realtime',
      scheduledStartTime: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const streamId = String(stream.id);
    await api(server.base, token, 'PUT', `/v1/live-streams/${streamId}/control/start`);

    // received[n][i]: when client i got the n-th event.
    const received: number[][] = Array.from({ length: WARMUP + EVENTS + 1 }, () => []);
    const wsBase = server.base.replace('http', 'ws');
    for (let i = 0; i < CLIENTS; i += 50) {
      const batch = Array.from({ length: Math.min(50, CLIENTS - i) }, () =>
        connect(wsBase, token, streamId, (n) => received[n]?.push(performance.now())),
      );
      clients.push(...(await Promise.all(batch)));
    }

    const latencies: number[] = [];
    for (let n = 0; n < WARMUP + EVENTS; n++) {
      const action = n % 2 === 0 ? 'pause' : 'resume';
      const t0 = performance.now();
      await api(server.base, token, 'PUT', `/v1/live-streams/${streamId}/control/${action}`);
      const deadline = Date.now() + 10_000;
      while ((received[n]?.length ?? 0) < CLIENTS && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 1));
      }
      const got = received[n] ?? [];
      if (got.length < CLIENTS)
        throw new Error(`event ${n}: only ${got.length} of ${CLIENTS} clients got it`);
      if (n >= WARMUP) latencies.push(maxOf(got) - t0);
    }
    latencies.sort((a, b) => a - b);
    const p99 = percentile(latencies, 99);
    log(
      `${label}: ${CLIENTS} clients, ${EVENTS} events — time until the last client has the event: ` +
        `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms ` +
        `(goal p99 ≤ ${GOAL_P99_MS} ms: ${p99 <= GOAL_P99_MS ? 'met' : 'NOT met'}; ` +
        `load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores)`,
    );
  } finally {
    for (const client of clients) client.terminate();
    await server.stop();
  }
}

export async function runRealtimeBench(): Promise<void> {
  log('(the time includes the API call that raises the event: its transaction and activity-log entry)');
  await runOnce('embedded (in-process bus)', '');
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (adminUrl) {
    await withScratchDatabase('palco_bench_rt', adminUrl, (url) =>
      runOnce('PostgreSQL (LISTEN/NOTIFY)', url),
    );
  } else {
    log(
      'PostgreSQL: skipped (set BENCH_DATABASE_URL or DATABASE_URL to a PostgreSQL server that may create databases)',
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runRealtimeBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

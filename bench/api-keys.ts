// API requests per second with an API key against with a session (docs/api-keys.md "Bench"), on the real
// server (its own process, as `npm start` runs it, embedded database): the same route, GET /v1/videos of the
// demo team, for ROUND_MS per round, CONCURRENCY callers on keep-alive connections, half of them with the
// session and half with the key *at the same time*, so the host's load (other processes) hits both
// alike; the figure is the mean over ROUNDS rounds. A key call looks its key and creator up (one
// query, as a session call looks up its session and user) and passes the per-key rate limiter (set
// high here, so it counts but never refuses). Goal: the key within 10 % of the session. Asserts nothing.
// Run alone: `node --import tsx bench/api-keys.ts`, or `npm run bench -- --only=apikeys`.
import { availableParallelism, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { ownerSession, startBenchServer } from './server.ts';

const CONCURRENCY = Number(process.env.BENCH_KEYS_CONCURRENCY ?? 16);
const ROUND_MS = Number(process.env.BENCH_KEYS_ROUND_MS ?? 4000);
const ROUNDS = Number(process.env.BENCH_KEYS_ROUNDS ?? 3);
const GOAL = 0.1;

const log = (line = '') => process.stdout.write(`${line}\n`);

/** Calls `url` with the bearer value from `callers` loops for `ms`; answers the 200s per second. */
async function rate(url: string, bearer: string, ms: number, callers: number): Promise<number> {
  const headers = { authorization: `Bearer ${bearer}` };
  const end = Date.now() + ms;
  let ok = 0;
  let failed = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (Date.now() < end) {
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (res.status === 200) ok++;
        else failed++;
      }
    }),
  );
  if (failed > 0) throw new Error(`${failed} calls did not answer 200`);
  return ok / ((performance.now() - start) / 1000);
}

export async function runApiKeysBench(): Promise<void> {
  const server = await startBenchServer({ API_KEY_RATE_PER_MINUTE: String(10_000_000) });
  try {
    const { token, accountId } = await ownerSession(server.base);
    const created = await fetch(`${server.base}/v1/api-keys?accountId=${accountId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'bench',
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        permissions: ['showVOD'],
      }),
    });
    if (created.status !== 201) throw new Error(`creating the key answered ${created.status}`);
    const { secret } = (await created.json()) as { secret: string };
    const url = `${server.base}/v1/videos?accountId=${accountId}`;
    log(
      `host: ${availableParallelism()} cores, load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}; ${CONCURRENCY} concurrent callers, ${ROUNDS} rounds of ${ROUND_MS / 1000} s each`,
    );
    // Warm-up: JIT, connection pool, the key's first last-use write.
    const half = Math.max(1, CONCURRENCY / 2);
    const both = (ms: number) => Promise.all([rate(url, token, ms, half), rate(url, secret, ms, half)]);
    await both(1000);
    const session: number[] = [];
    const key: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const [s, k] = await both(ROUND_MS);
      session.push(s);
      key.push(k);
      log(
        `  round ${round + 1}: session ${session.at(-1)!.toFixed(0)} req/s, key ${key.at(-1)!.toFixed(0)} req/s`,
      );
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const [s, k] = [mean(session), mean(key)];
    const gap = (s - k) / s;
    log(`GET /v1/videos: session ${s.toFixed(0)} req/s, API key ${k.toFixed(0)} req/s`);
    log(
      `key vs session: ${gap >= 0 ? `${(gap * 100).toFixed(1)} % slower` : `${(-gap * 100).toFixed(1)} % faster`} (goal: within ${GOAL * 100} %) → ${gap <= GOAL ? 'met' : 'NOT met'}`,
    );
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runApiKeysBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

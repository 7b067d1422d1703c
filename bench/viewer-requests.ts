// What one viewer request costs the server (docs/server.md "The viewers' requests, one by one"): the
// built server (bin/serve) at the default log level, a live on the air, and for each of the requests an
// audience makes — the playback answer (once a view), the live's master playlist (the manifest, once a
// view, then its playlists every segment), a beacon post (every 10 s and every state change) — a lean
// load generator in this process (CONNECTIONS keep-alive connections, ROUTE_MS each) that keeps the
// server's one thread busy. Prints answers a second and the server's CPU per answer (every thread of
// its process tree, from /proc), PGlite and PostgreSQL side by side. The analytics bench measures the whole
// audience; this one says which request a change made cheaper. Asserts nothing. Alone:
// `node --import tsx bench/viewer-requests.ts`, or `npm run bench -- --only=viewers`.
import { availableParallelism, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { HttpPool } from './analytics-http.ts';
import { liveOnAir, ownerSession, startBenchServer, treeCpuSeconds, withScratchDatabase } from './server.ts';

const CONNECTIONS = Number(process.env.BENCH_VIEWERS_CONNECTIONS ?? 16);
const ROUTE_MS = Number(process.env.BENCH_VIEWERS_ROUTE_MS ?? 10_000);
/** Only the requests whose name holds one of these words (BENCH_VIEWERS_ROUTES=beacons, e.g. to
 * profile one of them with the server under SERVE_NODE_FLAGS=--cpu-prof). */
const ONLY = (process.env.BENCH_VIEWERS_ROUTES ?? '').split(',').filter(Boolean);
/** Sessions the beacons and manifests go round (each from its own address). */
const SESSIONS = 1_000;
const UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const log = (line = '') => process.stdout.write(`${line}\n`);

type Send = (method: string, path: string, headers: Record<string, string>, body?: string) => Promise<number>;

/** One request over the pool (analytics-http.ts's `HttpPool`), answered by its status. */
function sender(pool: HttpPool): Send {
  return async (method, path, headers, body) => (await pool.request(method, path, headers, body)).status;
}

interface Figure {
  perSecond: number;
  cpuMs: number;
  failed: number;
}

async function measure(label: string, databaseUrl: string): Promise<Map<string, Figure>> {
  log(`  ${label}: starting the server…`);
  const server = await startBenchServer({
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // The default level: what a production server logs is part of what a request costs.
    LOG_LEVEL: 'info',
    TRUST_PROXY: '127.0.0.1',
    // The generator posts faster than a player; the per-session bounds stay out of the way.
    BEACONS_PER_MINUTE: '1000000',
    BEACON_EVENTS_PER_SESSION_BURST: '1000000',
    BEACON_EVENTS_PER_SESSION_PER_MINUTE: '1000000',
    BEACON_EVENTS_PER_SESSION_TOTAL: '1000000',
  });
  const pool = new HttpPool(server.base, CONNECTIONS);
  const send = sender(pool);
  const figures = new Map<string, Figure>();
  try {
    const { token, accountId } = await ownerSession(server.base);
    const liveId = await liveOnAir(server.base, token, accountId, server.dataDir, 'Bench viewers');
    const address = (n: number, net = 10) => `${net}.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    const sessions: { id: string; address: string; manifest: string }[] = [];
    for (let i = 0; i < SESSIONS; i++) {
      const res = await fetch(`${server.base}/v1/public/lives/${liveId}/playback`, {
        headers: { 'x-forwarded-for': address(i), 'user-agent': UA },
      });
      if (!res.ok) throw new Error(`the playback answer was ${res.status}`);
      const info = (await res.json()) as { sessionId: string; manifestUrl: string };
      sessions.push({ id: info.sessionId, address: address(i), manifest: info.manifestUrl });
      const start = JSON.stringify({
        sessionId: info.sessionId,
        events: [{ type: 'start', state: 'loading', at: Date.now() }],
      });
      await send('POST', '/v1/public/beacons', { 'x-forwarded-for': address(i), 'user-agent': UA }, start);
    }
    let next = 0;
    const routes: [string, () => Promise<number>][] = [
      [
        'GET …/playback (the playback answer)',
        () => {
          const n = next++;
          return send('GET', `/v1/public/lives/${liveId}/playback`, {
            'x-forwarded-for': address(n, 11),
            'user-agent': UA,
          });
        },
      ],
      [
        'GET …/master.m3u8 (the manifest)',
        () => {
          const s = sessions[next++ % SESSIONS]!;
          return send('GET', s.manifest, { 'x-forwarded-for': s.address });
        },
      ],
      [
        'POST /v1/public/beacons (a heartbeat)',
        () => {
          const s = sessions[next++ % SESSIONS]!;
          const body = JSON.stringify({
            sessionId: s.id,
            events: [
              { type: 'heartbeat', state: 'playing', at: Date.now(), playingMs: 10_000, bitrateKbps: 2800 },
            ],
          });
          return send('POST', '/v1/public/beacons', { 'x-forwarded-for': s.address, 'user-agent': UA }, body);
        },
      ],
    ];
    for (const [name, once] of routes) {
      if (ONLY.length > 0 && !ONLY.some((word) => name.includes(word))) continue;
      const warm = Date.now() + 1_000;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (Date.now() < warm) await once();
        }),
      );
      let answers = 0;
      let failed = 0;
      const cpu0 = treeCpuSeconds(server.pid);
      const t0 = performance.now();
      const end = Date.now() + ROUTE_MS;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (Date.now() < end) {
            const status = await once();
            answers++;
            if (status >= 300) failed++;
          }
        }),
      );
      const seconds = (performance.now() - t0) / 1000;
      const cpu = treeCpuSeconds(server.pid) - cpu0;
      figures.set(name, { perSecond: answers / seconds, cpuMs: (cpu * 1000) / answers, failed });
    }
  } finally {
    pool.close();
    await server.stop();
  }
  return figures;
}

export async function runViewerRequestsBench(): Promise<void> {
  log(
    `the built server (bin/serve, LOG_LEVEL=info); ${CONNECTIONS} keep-alive connections, ${ROUTE_MS / 1000} s per request; ` +
      `host ${availableParallelism()} cores, load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  const dbs = (process.env.BENCH_VIEWERS_DB ?? 'pglite,postgres').split(',');
  const pglite = dbs.includes('pglite') ? await measure('PGlite', '') : null;
  const adminUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const postgres =
    adminUrl && dbs.includes('postgres')
      ? await withScratchDatabase('palco_bench_viewers', adminUrl, (url) => measure('PostgreSQL', url))
      : null;
  if (!adminUrl && dbs.includes('postgres'))
    log('  PostgreSQL: skipped (set BENCH_DATABASE_URL to a server that may create databases)');
  const cell = (f: Figure | undefined) =>
    f
      ? `${Math.round(f.perSecond).toLocaleString('en-US')}/s, ${f.cpuMs.toFixed(3)} ms CPU${f.failed ? `, ${f.failed} not 2xx` : ''}`
      : '—';
  log(`  ${'request'.padEnd(42)}${'PGlite'.padEnd(32)}PostgreSQL`);
  for (const name of new Set([...(pglite?.keys() ?? []), ...(postgres?.keys() ?? [])]))
    log(`  ${name.padEnd(42)}${cell(pglite?.get(name)).padEnd(32)}${cell(postgres?.get(name))}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runViewerRequestsBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

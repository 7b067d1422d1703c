// The load generator of bench/api.ts, in its own process so its own work does not share the event loop
// with the figures it takes: CONNECTIONS keep-alive connections, each sending the next GET as soon as the
// previous answer is read, for MS milliseconds. Prints one JSON line: answers per second, p99 latency
// and how many answers were not 200. Run by bench/api.ts (argv: url, bearer token or '', connections, ms).
import { Agent, request } from 'node:http';

const [url = '', bearer = '', connections = '16', ms = '10000'] = process.argv.slice(2);
const n = Number(connections);
const agent = new Agent({ keepAlive: true, maxSockets: n });
const target = new URL(url);
const headers: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : {};

function once(): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { agent, host: target.hostname, port: target.port, path: target.pathname + target.search, headers },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const latencies: number[] = [];
let failed = 0;
const end = Date.now() + Number(ms);
const start = performance.now();
await Promise.all(
  Array.from({ length: n }, async () => {
    while (Date.now() < end) {
      const t = performance.now();
      const status = await once();
      latencies.push(performance.now() - t);
      if (status !== 200) failed++;
    }
  }),
);
const seconds = (performance.now() - start) / 1000;
latencies.sort((a, b) => a - b);
const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
process.stdout.write(
  `${JSON.stringify({ rps: latencies.length / seconds, p99, failed, count: latencies.length })}\n`,
);
agent.destroy();

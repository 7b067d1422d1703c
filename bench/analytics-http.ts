// What bench/analytics.ts measures with: one HTTP request over a keep-alive pool, answers counted by
// endpoint and status, percentiles and the printing helpers.
import http from 'node:http';

export const log = (line = '') => process.stdout.write(`${line}\n`);
export const fmt = (n: number) => n.toLocaleString('en-US');
export const ms = (n: number) => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(1) : Math.round(n)} ms` : '—');
export const s = (n: number) => (Number.isFinite(n) ? `${(n / 1000).toFixed(2)} s` : '—');

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** The most `[time, n]` adds up to in any 60 s window. */
export function maxInWindow(list: [number, number][]): number {
  const sorted = [...list].sort((a, b) => a[0] - b[0]);
  let best = 0;
  let sum = 0;
  let from = 0;
  for (const [t, n] of sorted) {
    sum += n;
    while (sorted[from]![0] <= t - 60_000) sum -= sorted[from++]![1];
    best = Math.max(best, sum);
  }
  return best;
}

export interface Answer {
  status: number;
  text: string;
  /** From the call to the answer's last byte, the wait for a free pooled connection included. */
  ms: number;
  /** From the request's connection being assigned to the answer's last byte: the HTTP round trip. */
  wireMs: number;
}

/** One HTTP request over a keep-alive pool (the trusted proxy's connections to the origin). */
export function call(
  agent: http.Agent,
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    let onWire = t0;
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: body
          ? {
              ...headers,
              'content-type': 'application/json',
              'content-length': String(Buffer.byteLength(body)),
            }
          : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const t = performance.now();
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            ms: t - t0,
            wireMs: t - onWire,
          });
        });
      },
    );
    req.once('socket', () => {
      onWire = performance.now();
    });
    req.on('error', (error) => {
      const t = performance.now();
      resolve({ status: 0, text: String(error), ms: t - t0, wireMs: t - onWire });
    });
    req.end(body);
  });
}

/** Answers counted by endpoint and status (0: no answer, a network error). */
export class Tally {
  readonly counts = new Map<string, Map<number, number>>();

  add(endpoint: string, status: number): void {
    const m = this.counts.get(endpoint) ?? new Map<number, number>();
    m.set(status, (m.get(status) ?? 0) + 1);
    this.counts.set(endpoint, m);
  }

  where(test: (status: number) => boolean): number {
    let n = 0;
    for (const m of this.counts.values()) for (const [st, c] of m) if (test(st)) n += c;
    return n;
  }

  describe(): string {
    return [...this.counts]
      .map(
        ([e, m]) =>
          `${e} ${[...m]
            .sort((a, b) => a[0] - b[0])
            .map(([st, c]) => `${st}×${fmt(c)}`)
            .join(' ')}`,
      )
      .join(' · ');
  }
}

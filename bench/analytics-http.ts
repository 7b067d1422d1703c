// What bench/analytics.ts measures with: a keep-alive pool of HTTP connections to the server, answers
// counted by endpoint and status, percentiles and the printing helpers.
import net from 'node:net';

export const log = (line = '') => process.stdout.write(`${line}\n`);
export const fmt = (n: number) => n.toLocaleString('en-US');
export const ms = (n: number) => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(1) : Math.round(n)} ms` : '—');
export const s = (n: number) => (Number.isFinite(n) ? `${(n / 1000).toFixed(2)} s` : '—');

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** The most `[time, n]` adds up to in any window of `windowMs` (60 s unless given). */
export function maxInWindow(list: [number, number][], windowMs = 60_000): number {
  const sorted = [...list].sort((a, b) => a[0] - b[0]);
  let best = 0;
  let sum = 0;
  let from = 0;
  for (const [t, n] of sorted) {
    sum += n;
    while (sorted[from]![0] <= t - windowMs) sum -= sorted[from++]![1];
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

interface Job {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
  t0: number;
  resolve: (answer: Answer) => void;
}

interface Connection {
  socket: net.Socket;
  job: Job | null;
  /** When its job was given this connection. */
  onWire: number;
  /** What has come of the answer so far. */
  received: Buffer | null;
  closed: boolean;
}

/**
 * Keep-alive HTTP/1.1 connections to one origin, at most `connections` of them, requests waiting in
 * order for a free one: the trusted proxy's pool towards the server. Written on bare sockets because
 * the bench's client shares this box's two cores with the server it measures: Node's `http.request`
 * costs ~100 µs of CPU a request against ~20 here (docs/analytics.md "The bench's own client"). It reads
 * what the server sends (a status line, headers, a body by content-length or chunked) and nothing else.
 */
export class HttpPool {
  private readonly host: string;
  private readonly port: number;
  private readonly idle: Connection[] = [];
  private open = 0;
  private queue: (Job | undefined)[] = [];
  private head = 0;
  private closing = false;

  constructor(
    base: string,
    private readonly connections: number,
  ) {
    const url = new URL(base);
    this.host = url.hostname;
    this.port = Number(url.port || 80);
  }

  /** One request; resolves with the answer, or status 0 and the error when there is none. */
  request(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
    return new Promise((resolve) => {
      this.queue.push({ method, path, headers, body, t0: performance.now(), resolve });
      this.pump();
    });
  }

  close(): void {
    this.closing = true;
    for (const c of this.idle) c.socket.destroy();
    this.idle.length = 0;
  }

  private pump(): void {
    while (this.head < this.queue.length && !this.closing) {
      let c = this.idle.pop();
      if (!c) {
        if (this.open >= this.connections) return;
        c = this.connect();
      }
      const job = this.queue[this.head]!;
      this.queue[this.head++] = undefined;
      // Drop the consumed front now and then rather than shifting a long array on every request.
      if (this.head > 4096 && this.head * 2 > this.queue.length) {
        this.queue = this.queue.slice(this.head);
        this.head = 0;
      }
      this.send(c, job);
    }
  }

  private connect(): Connection {
    this.open += 1;
    const socket = net.connect(this.port, this.host);
    socket.setNoDelay(true);
    const c: Connection = { socket, job: null, onWire: 0, received: null, closed: false };
    socket.on('data', (chunk: Buffer) => this.onData(c, chunk));
    const end = (error: unknown) => this.lost(c, error);
    socket.on('error', end);
    socket.on('close', () => end(new Error('the server closed the connection')));
    return c;
  }

  private lost(c: Connection, error: unknown): void {
    if (c.closed) return;
    c.closed = true;
    c.socket.destroy();
    this.open -= 1;
    const at = this.idle.indexOf(c);
    if (at >= 0) this.idle.splice(at, 1);
    const job = c.job;
    c.job = null;
    if (job) {
      const t = performance.now();
      job.resolve({ status: 0, text: String(error), ms: t - job.t0, wireMs: t - c.onWire });
    }
    this.pump();
  }

  private send(c: Connection, job: Job): void {
    c.job = job;
    c.received = null;
    c.onWire = performance.now();
    let text = `${job.method} ${job.path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\n`;
    for (const name in job.headers) text += `${name}: ${job.headers[name]}\r\n`;
    if (job.body !== undefined)
      text += `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(job.body)}\r\n`;
    c.socket.write(`${text}\r\n${job.body ?? ''}`);
  }

  private onData(c: Connection, chunk: Buffer): void {
    if (!c.job) {
      this.lost(c, new Error('data without a request'));
      return;
    }
    const data = c.received ? Buffer.concat([c.received, chunk]) : chunk;
    c.received = data;
    const end = data.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = data.toString('latin1', 0, end);
    const status = Number(head.slice(9, 12));
    let text: string;
    if (status === 204 || status === 304 || c.job.method === 'HEAD') text = '';
    else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      const parts: Buffer[] = [];
      let at = end + 4;
      for (;;) {
        const line = data.indexOf('\r\n', at);
        if (line < 0) return;
        const size = Number.parseInt(data.toString('latin1', at, line), 16);
        if (data.length < line + 2 + size + 2) return;
        if (size === 0) break;
        parts.push(data.subarray(line + 2, line + 2 + size));
        at = line + 2 + size + 2;
      }
      text = Buffer.concat(parts).toString('utf8');
    } else {
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (data.length < end + 4 + length) return;
      text = data.toString('utf8', end + 4, end + 4 + length);
    }
    const job = c.job;
    c.job = null;
    c.received = null;
    const t = performance.now();
    job.resolve({ status, text, ms: t - job.t0, wireMs: t - c.onWire });
    if (/\r\nconnection: *close/i.test(head)) this.lost(c, new Error('closed after its answer'));
    else {
      this.idle.push(c);
      this.pump();
    }
  }
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

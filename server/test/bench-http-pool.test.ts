import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpPool } from '../../bench/analytics-http.ts';

// The audience bench's client (bench/analytics-http.ts `HttpPool`) speaks HTTP/1.1 on bare sockets so
// that it costs the 2-core box little beside the server it measures (docs/analytics.md "The bench's own
// client"). What it reports — statuses, bodies, how many requests were answered — is what the bench's
// goals are judged on, so it is checked here against Node's own HTTP server: answers with a length,
// chunked answers, 204s, a server that closes after an answer or drops the connection, and the cap on
// connections with requests waiting in order.
let server: http.Server;
let base: string;
let connections = 0;
const order: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = req.url ?? '';
      order.push(url);
      if (url === '/echo') {
        const text = JSON.stringify({
          method: req.method,
          body,
          ua: req.headers['user-agent'],
          type: req.headers['content-type'],
        });
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        res.end(text);
      } else if (url === '/chunked') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('olá, ');
        setTimeout(() => res.end('mundo'.repeat(2000)), 5);
      } else if (url === '/none') {
        res.writeHead(204);
        res.end();
      } else if (url === '/close') {
        res.writeHead(429, { connection: 'close', 'content-length': 2 });
        res.end('no');
      } else if (url === '/drop') {
        req.socket.destroy();
      } else {
        setTimeout(() => {
          res.writeHead(200, { 'content-length': url.length });
          res.end(url);
        }, 2);
      }
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('the audience bench client', () => {
  it('sends the method, headers and JSON body, and reads an answer with a length', async () => {
    const pool = new HttpPool(base, 2);
    const a = await pool.request('POST', '/echo', { 'user-agent': 'Bench/1' }, JSON.stringify({ é: 1 }));
    expect(a.status).toBe(200);
    expect(JSON.parse(a.text)).toEqual({
      method: 'POST',
      body: '{"é":1}',
      ua: 'Bench/1',
      type: 'application/json',
    });
    expect(a.ms).toBeGreaterThanOrEqual(a.wireMs);
    pool.close();
  });

  it('reads chunked answers, whole, and answers without a body', async () => {
    const pool = new HttpPool(base, 1);
    const [chunked, none, after] = await Promise.all([
      pool.request('GET', '/chunked', {}),
      pool.request('GET', '/none', {}),
      pool.request('GET', '/after', {}),
    ]);
    expect(chunked).toMatchObject({ status: 200, text: `olá, ${'mundo'.repeat(2000)}` });
    expect(none).toMatchObject({ status: 204, text: '' });
    expect(after).toMatchObject({ status: 200, text: '/after' });
    pool.close();
  });

  it('keeps at most its connections open, reuses them, and serves the waiting requests in order', async () => {
    const pool = new HttpPool(base, 3);
    order.length = 0;
    const before = connections;
    const paths = Array.from({ length: 60 }, (_, i) => `/n${i}`);
    const answers = await Promise.all(paths.map((p) => pool.request('GET', p, {})));
    expect(answers.map((a) => a.text)).toEqual(paths);
    // Sixty requests over three connections, each opened once and reused.
    expect(connections - before).toBe(3);
    // Each connection takes the next waiting request: the server sees them in the order they were asked.
    expect(order).toEqual(paths);
    pool.close();
  });

  it('opens a new connection after the server closes one, and reports a dropped request as status 0', async () => {
    const pool = new HttpPool(base, 1);
    const closed = await pool.request('GET', '/close', {});
    expect(closed).toMatchObject({ status: 429, text: 'no' });
    const dropped = await pool.request('GET', '/drop', {});
    expect(dropped.status).toBe(0);
    const next = await pool.request('GET', '/again', {});
    expect(next).toMatchObject({ status: 200, text: '/again' });
    pool.close();
  });
});

import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { DEMO_USERS } from '../src/db/seed.ts';
import type { DiskUploads } from '../src/media/upload-files.ts';
import { CONTENT_SECURITY_POLICY } from '../src/plugins/security-headers.ts';
import { bearer, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { createContent, DEMO, multipart } from './video-helpers.ts';

// Small limits so that each cut happens within a second; the defaults are the same rules, longer.
const MAX_CONNECTIONS = 3;
const limits = {
  ...loadConfig({}).httpLimits,
  headersTimeoutMs: 300,
  requestTimeoutMs: 300,
  bodyWindowMs: 100,
  bodyMinBytes: 16,
  keepAliveTimeoutMs: 10_000,
  maxConnectionsPerAddress: MAX_CONNECTIONS,
};

let server: TestServer;
let port: number;
let owner: string;

beforeAll(async () => {
  server = await startTestServer({ httpLimits: limits });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as AddressInfo).port;
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
});
afterAll(async () => {
  await server?.close();
});

/** A raw TCP client that keeps what it receives and knows when the server closed it. */
class RawClient {
  received = Buffer.alloc(0);
  closed = false;
  readonly socket: Socket;
  private readonly whenClosed: Promise<void>;
  private readonly whenConnected: Promise<void>;

  constructor(localAddress?: string) {
    this.socket = connect({ port, host: '127.0.0.1', ...(localAddress ? { localAddress } : {}) });
    this.socket.on('data', (data: Buffer) => {
      this.received = Buffer.concat([this.received, data]);
    });
    this.socket.on('error', () => {});
    this.whenConnected = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('close', () => reject(new Error('closed before connecting')));
    });
    this.whenClosed = new Promise((resolve) =>
      this.socket.on('close', () => {
        this.closed = true;
        resolve();
      }),
    );
  }

  connected(): Promise<void> {
    return this.whenConnected;
  }

  write(data: string | Buffer): void {
    if (!this.closed && this.socket.writable) this.socket.write(data);
  }

  /** Writes `data` a piece at a time, one piece every `everyMs`, until sent or the server closes. */
  async trickle(data: Buffer, pieceBytes: number, everyMs: number): Promise<number> {
    let sent = 0;
    while (sent < data.length && !this.closed) {
      this.write(data.subarray(sent, sent + pieceBytes));
      sent = Math.min(data.length, sent + pieceBytes);
      await sleep(everyMs);
    }
    return sent;
  }

  untilClosed(): Promise<void> {
    return this.whenClosed;
  }

  /** The next complete response on a keep-alive connection (Content-Length bodies only). */
  async response(): Promise<{ status: number; body: string }> {
    for (;;) {
      const text = this.received.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end >= 0) {
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end))?.[1] ?? 0);
        if (this.received.length >= end + 4 + length) {
          const body = this.received.subarray(end + 4, end + 4 + length).toString('utf8');
          this.received = this.received.subarray(end + 4 + length);
          return { status: Number(text.slice(9, 12)), body };
        }
      }
      if (this.closed) throw new Error(`closed before a full response: ${JSON.stringify(text)}`);
      await sleep(10);
    }
  }
}

const healthz = 'GET /healthz HTTP/1.1\r\nHost: palco.test\r\n\r\n';

/** Head and body of a chunk upload (bytes 0..file.length-1 of `total`), for a raw socket. */
function chunkRequest(videoId: string, file: Buffer, total: number): { head: string; body: Buffer } {
  const form = multipart({ content: file });
  const head =
    `POST /upload/v1/videos/${videoId}/source?accountId=${DEMO} HTTP/1.1\r\nHost: palco.test\r\n` +
    `Authorization: ${bearer(owner).authorization}\r\nContent-Type: ${form.headers['content-type']}\r\n` +
    `Content-Range: bytes 0-${file.length - 1}/${total}\r\nContent-Length: ${form.payload.length}\r\n` +
    'Accept-Language: en\r\n\r\n';
  return { head, body: form.payload };
}

describe('connections per client address', () => {
  it('refuses one more than the cap at once while the open ones keep working', async () => {
    const clients = Array.from({ length: MAX_CONNECTIONS }, () => new RawClient());
    for (const client of clients) {
      await client.connected();
      client.write(healthz);
      expect((await client.response()).status).toBe(200);
    }

    const extra = new RawClient();
    await extra.untilClosed();
    expect(extra.received.length).toBe(0);

    // The open ones still answer; another address is not affected by this one's cap.
    clients[0]!.write(healthz);
    expect((await clients[0]!.response()).status).toBe(200);
    const elsewhere = new RawClient('127.0.0.2');
    await elsewhere.connected();
    elsewhere.write(healthz);
    expect((await elsewhere.response()).status).toBe(200);
    elsewhere.socket.destroy();

    // A closed connection frees its place.
    clients[1]!.socket.end();
    await clients[1]!.untilClosed();
    await sleep(50);
    const next = new RawClient();
    await next.connected();
    next.write(healthz);
    expect((await next.response()).status).toBe(200);
    for (const client of [...clients, next]) {
      client.socket.destroy();
      await client.untilClosed();
    }
  });
});

describe('slow requests', () => {
  it('closes a connection whose headers trickle in with 408', async () => {
    const client = new RawClient();
    await client.connected();
    client.write('POST /api/user/login HTTP/1.1\r\nHost: palco.test\r\n');
    const headers = Buffer.from('X-Slow: 1\r\n'.repeat(1000));
    await client.trickle(headers, 1, 50);
    await client.untilClosed();
    expect(client.received.toString('latin1')).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes an upload whose body trickles at a byte at a time, keeping only whole received bytes', async () => {
    const videoId = await createContent(server.app, owner);
    const file = randomBytes(2000);
    const { head, body } = chunkRequest(videoId, file, 100_000);
    const client = new RawClient();
    await client.connected();
    // The head and a good part of the file at once, then one byte per window.
    const start = body.indexOf(file.subarray(0, 32));
    client.write(head);
    client.write(body.subarray(0, start + 500));
    await client.trickle(body.subarray(start + 500), 1, 150);
    await client.untilClosed();

    const answer = client.received.toString('utf8');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('The request arrived too slowly');
    // The same protection as every other answer.
    expect(answer.toLowerCase()).toContain(
      `content-security-policy: ${CONTENT_SECURITY_POLICY.toLowerCase()}`,
    );
    expect(answer.toLowerCase()).toContain('x-frame-options: deny');

    // The bytes stored before the cut are the file's own: a full chunk resumes on top of them.
    const form = multipart({ content: file });
    const resumed = await server.app.inject({
      method: 'POST',
      url: `/upload/v1/videos/${videoId}/source?accountId=${DEMO}`,
      headers: { ...bearer(owner), ...form.headers, 'content-range': 'bytes 0-1999/100000' },
      payload: form.payload,
    });
    expect(resumed.statusCode, resumed.body).toBe(201);
    expect(resumed.json()).toEqual({ offset: 2000, total: 100_000, complete: false });
    const stored = await readFile((server.app.media.uploads.store as DiskUploads).files.partPath(videoId));
    expect(stored.equals(file)).toBe(true);
  });

  it('closes a trickled body that the server answered without reading', async () => {
    const client = new RawClient();
    await client.connected();
    client.write(
      `POST /upload/v1/videos/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/source HTTP/1.1\r\n` +
        'Host: palco.test\r\nContent-Type: application/octet-stream\r\nContent-Length: 100000\r\n\r\n',
    );
    await client.trickle(Buffer.alloc(100_000), 1, 150);
    await client.untilClosed();
    expect(client.received.toString('latin1')).toMatch(/^HTTP\/1\.1 401 /);
  });

  it('lets an upload with steady progress run past the request timeout', async () => {
    const videoId = await createContent(server.app, owner);
    const file = randomBytes(12_000);
    const { head, body } = chunkRequest(videoId, file, 100_000);
    const client = new RawClient();
    await client.connected();
    client.write(head);
    // 256 bytes every 20 ms: well over the 16 bytes per 100 ms window, and longer than the 300 ms
    // request timeout in all.
    const sent = await client.trickle(body, 256, 20);
    expect(sent).toBe(body.length);
    const answer = await client.response();
    expect(answer.status, answer.body).toBe(201);
    expect(JSON.parse(answer.body)).toEqual({ offset: 12_000, total: 100_000, complete: false });
    client.socket.destroy();
  });
});

describe('configuration', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({}).httpLimits).toEqual({
      headersTimeoutMs: 20_000,
      requestTimeoutMs: 60_000,
      bodyWindowMs: 10_000,
      bodyMinBytes: 8192,
      keepAliveTimeoutMs: 72_000,
      maxConnectionsPerAddress: 64,
    });
    expect(loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '8' }).httpLimits.maxConnectionsPerAddress).toBe(8);
    expect(() => loadConfig({ BODY_MIN_BYTES: '-1' })).toThrow(/BODY_MIN_BYTES/);
  });
});

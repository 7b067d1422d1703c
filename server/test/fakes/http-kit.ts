import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

/**
 * The small HTTP kit the local provider servers are built on (node:http only): a request with its
 * body read, an answer, and a running server. Each fake is one server holding the provider's OAuth
 * endpoints, its API and its file downloads on their real paths, plus a control API under
 * `/_control/` for the tests (docs/integrations.md "Testing").
 */

export interface FakeRequest {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** A file streamed as the body (downloads). */
  file?: string;
}

export type FakeHandler = (request: FakeRequest) => Promise<FakeAnswer | undefined> | FakeAnswer | undefined;

export interface RunningFake {
  url: string;
  port: number;
  close(): Promise<void>;
}

export const json = (status: number, value: unknown, headers: Record<string, string> = {}): FakeAnswer => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(value),
});

export const html = (status: number, body: string): FakeAnswer => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body,
});

export const redirect = (location: string): FakeAnswer => ({ status: 302, headers: { location } });

export function form(request: FakeRequest): URLSearchParams {
  return new URLSearchParams(request.body);
}

export function bodyJson(request: FakeRequest): Record<string, unknown> {
  try {
    const value = JSON.parse(request.body || '{}') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Starts a server on 127.0.0.1 (a free port unless one is given). */
export async function startFake(handler: FakeHandler, port = 0): Promise<RunningFake> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1024 * 1024) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://fake.local'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      Promise.resolve(handler(request))
        .then(async (answer) => {
          const out = answer ?? json(404, { error: 'not_found' });
          if (out.file) {
            const { size: length } = await stat(out.file);
            res.writeHead(out.status, { 'content-length': String(length), ...out.headers });
            createReadStream(out.file).pipe(res);
            return;
          }
          res.writeHead(out.status, out.headers);
          res.end(out.body ?? '');
        })
        .catch((error: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(String(error));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** "Fail the next N calls (under a path) with this status": 429 or 5xx, as the real ones do. */
export class FailureKnob {
  private rules: { status: number; left: number; path: string }[] = [];

  add(status: number, count: number, path = '/'): void {
    this.rules.push({ status, left: count, path });
  }

  clear(): void {
    this.rules = [];
  }

  take(path: string): FakeAnswer | null {
    const rule = this.rules.find((r) => r.left > 0 && path.startsWith(r.path));
    if (!rule) return null;
    rule.left -= 1;
    this.rules = this.rules.filter((r) => r.left > 0);
    return json(
      rule.status,
      { code: rule.status, message: 'injected failure' },
      rule.status === 429 ? { 'retry-after': '1' } : {},
    );
  }
}

/** A listener that only counts connections: the private address a download must never reach. */
export async function startTrap(): Promise<RunningFake & { hits(): number }> {
  let hits = 0;
  const server = net.createServer((socket) => {
    hits += 1;
    socket.end('HTTP/1.1 200 OK\r\ncontent-length: 8\r\n\r\nmetadata');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What the shared knobs read and turn in a provider fake with an OAuth server. */
export interface KnobbedFake {
  oauth: { revoked: string[]; issued: string[]; tokenCalls: Record<string, number>; expireTokens(): void };
  failures: FailureKnob;
  /** The fake's own counters, added to `/_control/state`. */
  state(): Record<string, unknown>;
  setPrivateDownload(on: boolean): void;
}

/**
 * The control knobs every provider fake has (`/_control/state`, `expire-tokens`, `fail-next`,
 * `private-download`), or null for a knob of the fake's own.
 */
export function sharedKnob(request: FakeRequest, fake: KnobbedFake): FakeAnswer | null {
  const body = bodyJson(request);
  switch (request.url.pathname) {
    case '/_control/state': {
      const { revoked, issued, tokenCalls } = fake.oauth;
      return json(200, { revoked, issued, tokenCalls, ...fake.state() });
    }
    case '/_control/expire-tokens':
      fake.oauth.expireTokens();
      return json(200, {});
    case '/_control/fail-next':
      fake.failures.add(Number(body.status ?? 500), Number(body.count ?? 1), String(body.path ?? '/'));
      return json(200, {});
    case '/_control/private-download':
      fake.setPrivateDownload(body.on !== false);
      return json(200, {});
    default:
      return null;
  }
}

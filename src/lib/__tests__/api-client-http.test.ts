import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { object, string } from 'superstruct';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiVoid, onApiError } from '../api-client';
import { createQueryClient } from '../query-client';
import { session } from '../session';

// The console's client against a real HTTP server (docs/decisions.md "The console's HTTP client and
// cache persister"). The console calls root-relative paths ('/v1/…'), which a browser resolves against
// the page; in Node, fetch is given the same resolution against this server and nothing else.

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
let seen: Seen[] = [];
type Reply = (req: Seen) => { status: number; type?: string; body?: string; delayMs?: number };
let reply: Reply = () => ({ status: 204 });

let server: Server;
let base = '';
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const s: Seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(s);
      const r = reply(s);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(r.status, r.type ? { 'content-type': r.type } : {});
        res.end(r.body);
      };
      if (r.delayMs) setTimeout(send, r.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    realFetch(typeof input === 'string' ? new URL(input, base) : input, init),
  );
});

afterAll(async () => {
  vi.unstubAllGlobals();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  seen = [];
  reply = () => ({ status: 204 });
});

const json = (status: number, value: unknown) => ({
  status,
  type: 'application/json; charset=utf-8',
  body: JSON.stringify(value),
});

describe('api client over HTTP', () => {
  it('sends the token, the language and JSON, and reads the JSON answer', async () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    });
    session.setToken('tok-1');
    try {
      reply = () => json(200, { name: 'Demo' });
      const answer = await api('/v1/teams', object({ name: string() }), {
        method: 'POST',
        body: { name: 'Demo' },
        query: { page: 2, skip: undefined },
      });
      expect(answer).toEqual({ name: 'Demo' });
      expect(seen).toHaveLength(1);
      const req = seen[0]!;
      expect([req.method, req.url, req.body]).toEqual(['POST', '/v1/teams?page=2', '{"name":"Demo"}']);
      expect(req.headers.authorization).toBe('Bearer tok-1');
      expect(req.headers['accept-language']).toBe('pt-BR');
      expect(req.headers['content-type']).toBe('application/json');
      expect(req.headers.accept).toBe('application/json');
    } finally {
      session.clear();
    }
  });

  it('sends FormData and strings as they are', async () => {
    const form = new FormData();
    form.append('title', 'Aula 1');
    await apiVoid('/v1/form', { method: 'POST', body: form });
    await apiVoid('/v1/text', { method: 'PUT', body: 'plain words' });
    const [form1, text] = [seen[0]!, seen[1]!];
    expect(form1.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(form1.body).toContain('Aula 1');
    expect(text.headers['content-type']).toBe('text/plain;charset=UTF-8');
    expect(text.body).toBe('plain words');
  });

  it("maps an error answer to ApiError with the server's message and body, and tells the app", async () => {
    const heard: ApiError[] = [];
    const stop = onApiError((e) => heard.push(e));
    try {
      reply = () => json(401, { message: 'Sessão expirada', code: 'expired' });
      const error = await apiVoid('/bff/me').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({
        status: 401,
        message: 'Sessão expirada',
        data: { message: 'Sessão expirada', code: 'expired' },
      });
      expect(heard.map((e) => e.status)).toEqual([401]);

      // A proxy's page (not JSON): the status and its text, the page as the data.
      reply = () => ({ status: 502, type: 'text/html', body: '<h1>Bad gateway</h1>' });
      const proxied = await apiVoid('/v1/x', { silent: true }).catch((e: unknown) => e);
      expect(proxied).toMatchObject({
        status: 502,
        message: '502 Bad Gateway',
        data: '<h1>Bad gateway</h1>',
      });
      // A silent call leaves the app's handlers (sign-out, 'Ops') out.
      expect(heard).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('never retries by itself: a 503 or a 429 is asked once, GET or POST', async () => {
    reply = () => json(503, { message: 'busy' });
    await expect(apiVoid('/v1/lives', { silent: true })).rejects.toMatchObject({ status: 503 });
    reply = () => json(429, { message: 'slow down' });
    await expect(apiVoid('/v1/lives', { silent: true })).rejects.toMatchObject({ status: 429 });
    reply = () => json(503, { message: 'busy' });
    await expect(apiVoid('/v1/lives', { method: 'POST', body: {}, silent: true })).rejects.toMatchObject({
      status: 503,
    });
    expect(seen.map((s) => s.method)).toEqual(['GET', 'GET', 'POST']);
  });

  it('a query retries a 503 (twice); a mutation sends its POST once', async () => {
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
    reply = () => json(503, { message: 'busy' });
    await expect(
      client.fetchQuery({ queryKey: ['lives'], queryFn: () => apiVoid('/v1/lives', { silent: true }) }),
    ).rejects.toMatchObject({ status: 503 });
    expect(seen.map((s) => s.method)).toEqual(['GET', 'GET', 'GET']);

    seen = [];
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => apiVoid('/v1/lives', { method: 'POST', body: { title: 'x' }, silent: true }),
    });
    await expect(mutation.execute(undefined)).rejects.toMatchObject({ status: 503 });
    expect(seen.map((s) => s.method)).toEqual(['POST']);
    client.clear();
  });

  it('a timeout or an abort ends the call with status 0; a refused connection too', async () => {
    reply = () => ({ ...json(200, {}), delayMs: 2000 });
    const t0 = Date.now();
    await expect(apiVoid('/v1/slow', { timeout: 100, silent: true })).rejects.toMatchObject({ status: 0 });
    expect(Date.now() - t0).toBeLessThan(1500);

    const controller = new AbortController();
    const pending = apiVoid('/v1/slow', { signal: controller.signal, timeout: 5000, silent: true });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'ApiError', status: 0 });

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const live = base;
    base = `http://127.0.0.1:${port}`;
    try {
      await expect(apiVoid('/v1/x', { silent: true })).rejects.toMatchObject({ status: 0 });
    } finally {
      base = live;
    }
  });

  it('reads 204 and empty answers as nothing, and an answer that fails its check as status 0', async () => {
    await expect(apiVoid('/v1/x', { method: 'DELETE' })).resolves.toBeUndefined();
    reply = () => ({ status: 200, type: 'text/plain', body: 'not json' });
    await expect(api('/v1/x', object({ name: string() }), { silent: true })).rejects.toMatchObject({
      status: 0,
    });
  });
});

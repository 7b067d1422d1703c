import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../src/plugins/security-headers.ts';
import { expectError, startTestServer, type TestServer } from './helpers.ts';

/**
 * Requests fastify refuses before (or instead of) a route get the answer every other failure gets:
 * the security headers, a message in the user's language, and nothing of the request quoted back
 * (docs/security.md "Client input never gives a 5xx").
 */
let server: TestServer;
let port = 0;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as AddressInfo).port;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

function expectSecurityHeaders(headers: Record<string, unknown>): void {
  expect(headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['cache-control']).toBe('no-store');
}

/** Sends bytes as they are (no client normalises the URL) and parses the answer. */
function raw(request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const i = line.indexOf(':');
          return [line.slice(0, i).toLowerCase(), line.slice(i + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.end(request);
  });
}

function get(path: string, headers = ''): string {
  return `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${headers}Connection: close\r\n\r\n`;
}

describe('framework errors', () => {
  it('a URL that does not decode: 400 with the security headers, in English on request, no echo', async () => {
    const res = await raw(get('/api/%E0%A4%A?x=1', 'Accept-Language: en\r\n'));
    expect(res.status).toBe(400);
    expectSecurityHeaders(res.headers);
    expect(JSON.parse(res.body)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The request address is not valid',
    });
  });

  it('the same through inject, in the default language', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/v1/videos/%E0%A4%A' });
    expect(expectError(res, 400)).toBe('O endereço da requisição não é válido');
    expectSecurityHeaders(res.headers);
    expect(res.body).not.toContain('%E0');
  });

  it('a path parameter past the length fastify routes: 414, headers, no echo', async () => {
    const long = `zz${'x'.repeat(500)}`;
    const res = await server.app.inject({ method: 'GET', url: `/v1/videos/${long}` });
    expect(expectError(res, 414)).toBe('O endereço da requisição é longo demais');
    expectSecurityHeaders(res.headers);
    expect(res.body).not.toContain('zzx');
  });

  it('unknown paths and methods answer 404 with the headers', async () => {
    for (const res of [
      await server.app.inject({ method: 'GET', url: '/v1/nothing-here' }),
      await server.app.inject({ method: 'DELETE', url: '/api/user/login' }),
    ]) {
      expectError(res, 404);
      expectSecurityHeaders(res.headers);
    }
    const socket = await raw(get('/v1/nothing-here'));
    expect(socket.status).toBe(404);
    expectSecurityHeaders(socket.headers);
  });

  it('a method fastify does not route: 4xx with the headers', async () => {
    const res = await raw(
      `PROPFIND /api/user/login HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectSecurityHeaders(res.headers);
  });

  it('content-type parser failures: headers and a message in the user language', async () => {
    const cases: [LightMyRequestResponse, number, string][] = [
      [
        await server.app.inject({
          method: 'POST',
          url: '/api/user/login',
          headers: { 'content-type': 'application/xml', 'accept-language': 'en' },
          payload: '<login/>',
        }),
        415,
        'Unsupported content type: send application/json',
      ],
      [
        await server.app.inject({
          method: 'POST',
          url: '/api/user/login',
          headers: { 'content-type': 'application/json', 'accept-language': 'en' },
          payload: '{"login":',
        }),
        400,
        'The request body is not valid JSON',
      ],
      [
        await server.app.inject({
          method: 'POST',
          url: '/api/user/login',
          headers: { 'content-type': 'application/json', 'accept-language': 'en' },
          payload: '{"__proto__":{"x":1}}',
        }),
        400,
        'The request body is not valid JSON',
      ],
    ];
    for (const [res, status, message] of cases) {
      expect(expectError(res, status)).toBe(message);
      expectSecurityHeaders(res.headers);
    }
  });

  it('a request the HTTP parser refuses gets the headers too', async () => {
    const res = await raw('GET / HTTP/1.1\r\nHost: localhost\r\nX-Bad: a\u0000b\r\n\r\n');
    expect(res.status).toBe(400);
    expectSecurityHeaders(res.headers);
    expect(JSON.parse(res.body).message).toBe('Requisição inválida');
  });

  it('a URL past the header limit (16 KiB): 431 with the headers, no echo', async () => {
    const res = await raw(get(`/v1/videos?search=${'q'.repeat(20_000)}`));
    expect(res.status).toBe(431);
    expectSecurityHeaders(res.headers);
    expect(JSON.parse(res.body).message).toBe('Os cabeçalhos da requisição são grandes demais');
  });
});

import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { FakeTencentVod } from './fakes/tencent-vod.ts';
import { createTestStore, expectError, loginAs, type TestStore, testConfig } from './helpers.ts';
import {
  DEEP_BODIES,
  example,
  HOSTILE_HEADERS,
  HOSTILE_QUERIES,
  HOSTILE_SEGMENTS,
  HOSTILE_STRINGS,
  hostileMultipart,
  hostileQueryValues,
  withEach,
} from './no-5xx-inputs.ts';
import { fillParams, hasParams, type Route, routeTable, withQuery } from './no-5xx-routes.ts';
import { createContent, DEMO } from './video-helpers.ts';

/**
 * Walks every route the server declares and fires hostile input at each method, without a session
 * and as an owner with a valid team: no answer may be a 5xx, and every answer carries the security headers
 * (docs/security.md "Client input never gives a 5xx").
 */
const routes: RouteOptions[] = [];
let store: TestStore;
let app: FastifyInstance;
let token = '';
const realIds: Record<string, string> = {};

async function ownerToken(): Promise<string> {
  const check = await app.inject({
    method: 'GET',
    url: '/bff/me',
    headers: { authorization: `Bearer ${token}` },
  });
  if (check.statusCode === 401) token = await loginAs(app, 'owner@palco.test');
  return token;
}

function realId(url: string, name: string): string {
  if (name === 'id' && url.includes('live-streams')) return realIds.stream ?? randomUUID();
  if (name === 'id' && url.includes('video')) return realIds.video ?? randomUUID();
  if (name.toLowerCase().includes('account') || name === 'contaId') return DEMO;
  return randomUUID();
}

function fill(url: string, value?: string): string {
  return fillParams(url, (name) => realId(url, name), value);
}

type Failure = string;

async function fire(failures: Failure[], label: string, options: InjectOptions): Promise<void> {
  let res: Awaited<ReturnType<FastifyInstance['inject']>>;
  try {
    res = await app.inject(options);
  } catch (error) {
    failures.push(`${label}: inject threw ${(error as Error).message.slice(0, 80)}`);
    return;
  }
  if (res.statusCode >= 500) failures.push(`${label} → ${res.statusCode} ${res.body.slice(0, 160)}`);
  // Refused input gets the same protection as any answer (the security headers).
  if (res.headers['x-content-type-options'] !== 'nosniff') failures.push(`${label}: no security headers`);
}

/** Runs `variants` against every route, once without a session and once as the owner. */
async function walk(
  variants: (route: Route) => { label: string; options: InjectOptions }[],
): Promise<Failure[]> {
  const failures: Failure[] = [];
  for (const authed of [false, true]) {
    for (const route of routeTable(routes)) {
      const auth = authed ? { authorization: `Bearer ${await ownerToken()}` } : {};
      for (const { label, options } of variants(route)) {
        const headers = { ...auth, ...(options.headers as Record<string, string> | undefined) };
        await fire(failures, `${authed ? 'owner' : 'anon'} ${route.method} ${route.url} ${label}`, {
          ...options,
          method: route.method as InjectOptions['method'],
          headers,
        });
      }
    }
  }
  return [...new Set(failures)];
}

const account = `accountId=${DEMO}`;

function jsonBody(route: Route): unknown {
  return example(route.schema?.body as Parameters<typeof example>[0], '', DEMO);
}

/**
 * The card that checks a customer's keys against Tencent Cloud before keeping them: a local Tencent VOD
 * API (real protocol), so well-formed keys get its refusal (400), not the 502 of an unreachable host.
 */
let tencent: FakeTencentVod;

beforeAll(async () => {
  store = await createTestStore();
  tencent = new FakeTencentVod(join(tmpdir(), 'no-5xx-none.mp4'));
  const tencentUrl = await tencent.listen();
  const config = testConfig(store);
  config.integrations = {
    ...config.integrations,
    tencent: { ...config.integrations.tencent, apiUrl: tencentUrl },
  };
  app = await buildApp(config, { onRoute: (route) => routes.push(route) });
  token = await loginAs(app, 'owner@palco.test');
  realIds.video = await createContent(app, token);
  const streams = await app.inject({
    method: 'GET',
    url: `/v1/live-streams?${account}`,
    headers: { authorization: `Bearer ${token}` },
  });
  const first = streams.json<{ items?: { id: string }[] }>().items?.[0];
  if (first) realIds.stream = first.id;
}, 120_000);

afterAll(async () => {
  await app?.close().catch(() => {});
  await tencent?.close();
  await store?.dispose();
});

describe('no client input gives a 5xx, on any route', () => {
  it('walks a route table that holds the whole API', () => {
    const urls = new Set(routes.map((r) => r.url));
    for (const url of [
      '/api/user/login',
      '/v1/live-streams/:id',
      '/v1/videos/:id',
      '/upload/v1/videos/:id/source',
    ]) {
      expect(urls.has(url), url).toBe(true);
    }
    // Real objects behind the path parameters, so that hostile input reaches the handlers.
    expect(realIds.stream).toBeDefined();
    expect(realIds.video).toBeDefined();
  });

  it('path parameters: valid-looking and hostile', { timeout: 120_000 }, async () => {
    const failures = await walk((route) => {
      if (!hasParams(route.url)) return [];
      return [undefined, ...HOSTILE_SEGMENTS].map((value) => ({
        label: `param=${value?.slice(0, 20) ?? 'real'}`,
        options: {
          url: withQuery(fill(route.url, value), account),
          payload: jsonBody(route) as object | undefined,
        },
      }));
    });
    expect(failures).toEqual([]);
  });

  it('query strings: NUL, lone surrogates, huge and negative numbers', { timeout: 120_000 }, async () => {
    const failures = await walk((route) => {
      const url = fill(route.url);
      const properties = (route.schema?.querystring as { properties?: Record<string, { type?: string }> })
        ?.properties;
      const named = Object.entries(properties ?? {}).flatMap(([name, schema]) =>
        hostileQueryValues(schema.type).map((value) => `${account}&${name}=${value}`),
      );
      return [...HOSTILE_QUERIES.map((q) => `${account}&${q}`), ...named].map((query) => ({
        label: query.slice(account.length),
        options: { url: withQuery(url, query), payload: jsonBody(route) as object | undefined },
      }));
    });
    expect(failures).toEqual([]);
  });

  it('JSON bodies: NUL and lone surrogates in every string, huge numbers', { timeout: 120_000 }, async () => {
    const failures = await walk((route) => {
      const base = jsonBody(route);
      if (!route.body || base === undefined) return [];
      const url = withQuery(fill(route.url), account);
      const variants = [
        ...HOSTILE_STRINGS.flatMap((text) =>
          withEach(base, (leaf) => (typeof leaf === 'string' ? text : undefined)),
        ),
        ...withEach(base, (leaf) => (typeof leaf === 'number' ? 99_999_999_999 : undefined)),
        ...withEach(base, (leaf) => (typeof leaf === 'number' ? 1e300 : undefined)),
        ...HOSTILE_STRINGS.map((text) => ({ [text]: text, name: text, title: text })),
      ];
      return variants.map((payload, i) => ({
        label: `body#${i}`,
        options: {
          url,
          payload: JSON.stringify(payload),
          headers: { 'content-type': 'application/json' },
        },
      }));
    });
    expect(failures).toEqual([]);
  });

  it('deeply nested JSON and multipart with hostile text', { timeout: 120_000 }, async () => {
    const failures = await walk((route) => {
      if (!route.body) return [];
      const url = withQuery(fill(route.url), account);
      return [
        ...DEEP_BODIES.map((payload, i) => ({
          label: `deep#${i}`,
          options: { url, payload, headers: { 'content-type': 'application/json' } },
        })),
        ...HOSTILE_STRINGS.map((text, i) => ({
          label: `multipart#${i}`,
          options: { url, ...hostileMultipart(text) },
        })),
      ];
    });
    expect(failures).toEqual([]);
  });

  it('headers: Accept-Language and Authorization that make no sense', { timeout: 120_000 }, async () => {
    const failures = await walk((route) => {
      const url = withQuery(fill(route.url), account);
      return HOSTILE_HEADERS.map((headers, i) => ({
        label: `header#${i}`,
        options: {
          url,
          headers: jsonBody(route) ? { 'content-type': 'application/json', ...headers } : headers,
          payload: jsonBody(route) ? JSON.stringify(jsonBody(route)) : undefined,
        },
      }));
    });
    expect(failures).toEqual([]);
  });
});

describe('hostile input is a 400 in the user’s language', () => {
  const en = async () => ({ authorization: `Bearer ${await ownerToken()}`, 'accept-language': 'en' });

  it('NUL in a query field names the field', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/v1/videos?${account}&search=a%00b`,
      headers: await en(),
    });
    expect(expectError(res, 400)).toBe(
      'The field search contains invalid characters (NUL or text that is not valid UTF-8)',
    );
    expect(res.json().field).toBe('search');
  });

  it('a lone surrogate in a JSON string is refused, not stored mangled', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/v1/directories?${account}`,
      headers: { ...(await en()), 'content-type': 'application/json' },
      payload: '{"name":"pasta \\ud800","parentId":null}',
    });
    expect(expectError(res, 400)).toMatch(/^The field name contains invalid characters/);
  });

  it('JSON nested past the limit', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    });
    expect(expectError(res, 400)).toBe('O JSON enviado tem mais de 32 níveis de aninhamento');
  });

  it('a page past the last one a list answers', async () => {
    for (const url of ['/v1/videos', '/v1/live-streams', '/v1/logs']) {
      const res = await app.inject({
        method: 'GET',
        url: `${url}?${account}&page=1e18`,
        headers: await en(),
      });
      expect(expectError(res, 400), url).toBe('The maximum value is 10000');
    }
  });
});

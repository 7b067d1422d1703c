import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { lazySerializerFactory, lazyValidatorCompiler } from '../src/lib/lazy-compilers.ts';
import { createTestStore, loginAs, type TestStore, testConfig } from './helpers.ts';

// Response serializers and request validators are compiled at their route's first use, not at start
// (docs/server.md "Memory"). A schema that does not compile therefore no longer stops the server from
// starting; it would answer 500 at its first use. This suite compiles every route's schemas the eager
// way, so such a schema fails here instead.

let store: TestStore;
let app: FastifyInstance;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  store = await createTestStore();
  app = await buildApp(testConfig(store), { onRoute: (route) => void routes.push(route) });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await store?.dispose();
});

describe('every route schema compiles', () => {
  it('each response schema compiles to a serializer, each request schema to a validator', () => {
    const compileSerializer = SerializerSelector()(undefined, {});
    let serializers = 0;
    let validators = 0;
    for (const route of routes) {
      const schema = route.schema as (FastifySchema & { response?: Record<string, unknown> }) | undefined;
      if (!schema) continue;
      const method = String(route.method);
      for (const [httpStatus, response] of Object.entries(schema.response ?? {})) {
        const where = `${method} ${route.url} ${httpStatus}`;
        const content = (response as { content?: Record<string, { schema: unknown }> }).content;
        const schemas = content ? Object.values(content).map((c) => c.schema) : [response];
        for (const one of schemas) {
          expect(
            () => compileSerializer({ schema: one, method, url: route.url, httpStatus }),
            where,
          ).not.toThrow();
          serializers++;
        }
      }
      for (const httpPart of ['body', 'querystring', 'params', 'headers'] as const) {
        const part = schema[httpPart];
        if (!part) continue;
        expect(
          () => TypeBoxValidatorCompiler({ schema: part as never, method, url: route.url, httpPart }),
          `${method} ${route.url} ${httpPart}`,
        ).not.toThrow();
        validators++;
      }
    }
    // The route table is the server's: hundreds of each (a broken walk would check nothing).
    expect(serializers).toBeGreaterThan(200);
    expect(validators).toBeGreaterThan(100);
  });

  it('answers as before: a response is serialized by its schema (fields outside it are left out)', async () => {
    const token = await loginAs(app, 'owner@palco.test');
    const me = await app.inject({
      method: 'GET',
      url: '/bff/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).not.toHaveProperty('passwordHash');
    // A body that breaks its schema is refused with the usual 400.
    const bad = await app.inject({ method: 'POST', url: '/api/user/login', payload: { login: 42 } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('lazy compilers', () => {
  it('compile a serializer at its first use, once, and serialize as the eager one does', () => {
    const compiled: string[] = [];
    const eager = SerializerSelector();
    const counting: typeof eager = (external, options) => {
      const compile = eager(external, options);
      return (route) => {
        compiled.push(route.url);
        return compile(route);
      };
    };
    const schema = Type.Object({ id: Type.String(), n: Type.Integer() });
    const route = { schema, method: 'GET', url: '/x', httpStatus: '200' };
    const serialize = lazySerializerFactory(counting)(undefined, {})(route);
    expect(compiled).toEqual([]);
    const data = { id: 'a', n: 2, secret: 'not in the schema' };
    expect(serialize(data)).toBe(eager(undefined, {})(route)(data));
    expect(serialize({ id: 'b', n: 3 })).toBe('{"id":"b","n":3}');
    expect(compiled).toEqual(['/x']);
  });

  it('compile a validator at its first use, once, and validate as the eager one does', () => {
    let compiled = 0;
    const schema = Type.Object({ n: Type.Integer() });
    const validate = lazyValidatorCompiler((route) => {
      compiled++;
      return TypeBoxValidatorCompiler(route as never);
    })({ schema, method: 'POST', url: '/x', httpPart: 'body' });
    expect(compiled).toBe(0);
    expect(validate({ n: 1 })).toEqual({ value: { n: 1 } });
    expect(validate({ n: 'one' })).toHaveProperty('error');
    expect(compiled).toBe(1);
  });
});

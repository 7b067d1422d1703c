import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySchemaCompiler } from 'fastify';

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type RouteDefinition = Parameters<ReturnType<SerializerFactory>>[0];
type Serializer = (data: unknown) => string;

/**
 * Fastify's serializer factory (fast-json-stringify, as by default), but each route's response
 * serializer is compiled at that route's first response instead of at start. fast-json-stringify writes
 * a function's source per route and status and V8 keeps both the text and its code, for ~270
 * serializers of which one instance uses a few dozen; with the validators below, the idle server's RSS
 * fell by about 15 MB (docs/server.md "Memory"). What a response looks like does not change; a schema
 * that cannot be compiled would fail at its first response instead of at start, so
 * server/test/lazy-compilers.test.ts compiles every route's schemas.
 */
export function lazySerializerFactory(build: SerializerFactory = SerializerSelector()): SerializerFactory {
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    return (route: RouteDefinition) => {
      let serialize: Serializer | undefined;
      return (data: unknown) => {
        serialize ??= compile(route);
        return serialize(data);
      };
    };
  };
}

/** A validator compiler whose validators are compiled at their route's first request (see above). */
export function lazyValidatorCompiler<T>(compile: FastifySchemaCompiler<T>): FastifySchemaCompiler<T> {
  return (route) => {
    let validate: ReturnType<FastifySchemaCompiler<T>> | undefined;
    const lazy: ReturnType<FastifySchemaCompiler<T>> = (data: unknown) => {
      validate ??= compile(route);
      const result = validate(data);
      // An Ajv-style validator answers false and leaves its errors on itself.
      lazy.errors = validate.errors ?? null;
      return result;
    };
    return lazy;
  };
}

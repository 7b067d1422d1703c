import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../lib/errors.ts';

/**
 * How deep a JSON body may nest. The deepest body the API takes (stream settings) has four levels;
 * without a bound, a 1 MB body of `[[[[…` costs every recursive step after the parser (validation,
 * logging) its stack and answers 500.
 */
export const MAX_JSON_DEPTH = 32;

/** One linear scan over the text, outside strings; stops as soon as `max` is passed. */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

// A high surrogate not followed by a low one, or a low one without its high one: no UTF-8 for it.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** PostgreSQL refuses NUL in text, and a lone surrogate cannot be encoded: neither is ever data. */
export function isUnstorable(text: string): boolean {
  return text.includes('\0') || LONE_SURROGATE.test(text);
}

/** The path of the first key or string in `value` that is unstorable, if any. */
export function unstorablePath(value: unknown, root: string): string | undefined {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [node, path] = stack.pop() as [unknown, string];
    if (typeof node === 'string') {
      if (isUnstorable(node)) return path;
    } else if (Array.isArray(node)) {
      node.forEach((item, i) => {
        stack.push([item, path ? `${path}.${i}` : String(i)]);
      });
    } else if (node && typeof node === 'object' && !Buffer.isBuffer(node)) {
      for (const [key, item] of Object.entries(node)) {
        const at = path ? `${path}.${key}` : key;
        if (isUnstorable(key)) return at;
        stack.push([item, at]);
      }
    }
  }
  return undefined;
}

function refuse(field: string): never {
  throw new ApiError(400, 'invalidCharacters', { field, params: { field } });
}

function checkHeaders(request: FastifyRequest): void {
  for (const [name, value] of Object.entries(request.headers)) {
    // Node's parser already refuses NUL on a socket; this also covers injected requests.
    if (typeof value === 'string' ? value.includes('\0') : value?.some((v) => v.includes('\0'))) refuse(name);
  }
}

/**
 * One place refuses what no route could store or answer: NUL bytes and lone surrogates anywhere in
 * the path parameters, query, headers and body (400 naming the field, before validation or any
 * handler runs), and JSON nested deeper than MAX_JSON_DEPTH.
 */
export default fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser(
      app.initialConfig.onProtoPoisoning ?? 'error',
      app.initialConfig.onConstructorPoisoning ?? 'error',
    );
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
        done(new ApiError(400, 'jsonTooDeep', { params: { max: MAX_JSON_DEPTH } }), undefined);
        return;
      }
      parseJson(request, text, done);
    });

    app.addHook('onRequest', async (request) => {
      checkHeaders(request);
      const at = unstorablePath(request.params, '') ?? unstorablePath(request.query, '');
      if (at !== undefined) refuse(at || 'url');
    });
    app.addHook('preValidation', async (request) => {
      if (request.body === undefined) return;
      const at = unstorablePath(request.body, '');
      if (at !== undefined) refuse(at || 'body');
    });
  },
  { name: 'input-guard', dependencies: ['errors'] },
);

import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PLAIN_NAME, stripBidiControls } from '../http/schemas.ts';
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

/** Where a value sits: its key under the place that holds it. */
interface Place {
  node: unknown;
  key: string;
  parent: Place | null;
}

/** A place's path: its non-empty keys from the root, joined by dots. */
function pathOf(place: Place): string {
  const keys: string[] = [];
  for (let at: Place | null = place; at; at = at.parent) if (at.key) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * The path of the first key or string in `value` that is unstorable, if any. Every request's parameters,
 * query and body pass here, so a path is put together only for what is found (each place links to the
 * one that holds it).
 */
export function unstorablePath(value: unknown, root: string): string | undefined {
  const stack: Place[] = [{ node: value, key: root, parent: null }];
  while (stack.length > 0) {
    const place = stack.pop() as Place;
    const { node } = place;
    if (typeof node === 'string') {
      if (isUnstorable(node)) return pathOf(place);
    } else if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) stack.push({ node: node[i], key: String(i), parent: place });
    } else if (node && typeof node === 'object' && !Buffer.isBuffer(node)) {
      for (const [key, item] of Object.entries(node)) {
        const child = { node: item, key, parent: place };
        if (isUnstorable(key)) return pathOf(child);
        stack.push(child);
      }
    }
  }
  return undefined;
}

type Schema = {
  [PLAIN_NAME]?: boolean;
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
};

/**
 * Strips bidirectional controls, in place, from every string of `value` its schema marks as a name
 * (http/schemas.ts `Name`). Walks the schema with the value, so a free text (a description, a
 * password) is left as sent.
 */
export function cleanNames(schema: Schema | undefined, value: unknown, set: (clean: string) => void): void {
  if (!schema) return;
  if (typeof value === 'string') {
    if (schema[PLAIN_NAME] || schema.anyOf?.some((s) => s[PLAIN_NAME])) set(stripBidiControls(value));
  } else if (Array.isArray(value)) {
    const items = schema.items ?? schema.anyOf?.find((s) => s.items)?.items;
    value.forEach((item, i) => {
      cleanNames(items, item, (clean) => {
        value[i] = clean;
      });
    });
  } else if (value && typeof value === 'object') {
    const properties = schema.properties ?? schema.anyOf?.find((s) => s.properties)?.properties;
    if (!properties) return;
    const object = value as Record<string, unknown>;
    for (const [key, item] of Object.entries(object)) {
      if (!Object.hasOwn(properties, key)) continue;
      cleanNames(properties[key], item, (clean) => {
        object[key] = clean;
      });
    }
  }
}

const namesIn = new WeakMap<object, boolean>();

/** Whether a schema marks any string as a name (looked at once per schema, not per request). */
function hasNames(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  let has = namesIn.get(schema);
  if (has === undefined) {
    has = JSON.stringify(schema).includes(`"${PLAIN_NAME}":true`);
    namesIn.set(schema, has);
  }
  return has;
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
 * handler runs), and JSON nested deeper than MAX_JSON_DEPTH. It also strips bidirectional controls from
 * every body string its schema marks as a name.
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
      // One rule for every user-given name (docs/security.md "Bidirectional controls in names").
      const schema = request.routeOptions.schema?.body;
      if (hasNames(schema))
        cleanNames(schema as Schema, request.body, (clean) => {
          request.body = clean;
        });
    });
  },
  { name: 'input-guard', dependencies: ['errors'] },
);

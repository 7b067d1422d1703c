import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';

/** Strings PostgreSQL or UTF-8 encoding refuse, as a client can send them. */
export const NUL = 'a\u0000b';
export const SURROGATE = 'a\ud800b';
export const HOSTILE_STRINGS = [NUL, SURROGATE];

/** Path-parameter values that are not what a route expects (besides a valid-looking one). */
export const HOSTILE_SEGMENTS = ['%00', '%ED%A0%80', 'a%00b', '1e12', '99999999999', '-1', 'x'.repeat(600)];

/** Query strings every route gets: hostile text, out-of-range numbers. */
export const HOSTILE_QUERIES = [
  'x=%00',
  'x=%ED%A0%80',
  'page=1e12',
  'page=99999999999',
  'page=1e18',
  'page=1e300',
  'page=-1',
  'limit=100000',
  'limit=99999999999',
  'offset=-1',
  'offset=99999999999',
  'accountId=%00',
  'accountId=%ED%A0%80',
];

/** Values of one named query field that a schema declares. */
export function hostileQueryValues(type: string | undefined): string[] {
  const text = ['%00', 'a%00b', '%ED%A0%80', 'a%ED%A0%80b', '%C0%AF'];
  if (type === 'integer' || type === 'number') {
    return [...text, '1e12', '1e18', '1e300', '99999999999', '100000', '-1', '1.5'];
  }
  return text;
}

export const HOSTILE_HEADERS: Record<string, string>[] = [
  { 'accept-language': 'en\u0000' },
  { 'accept-language': `\ud800${'e'.repeat(4000)}` },
  { authorization: 'Bearer \u0000' },
  { authorization: 'Bearer a.b.c' },
  { authorization: `Bearer ${'a'.repeat(8000)}` },
  { authorization: 'Basic Zm9vOmJhcg==' },
  { authorization: 'Bearer' },
  { 'content-range': 'bytes 0-99999999999999999999/99999999999999999999' },
  { 'content-range': 'bytes 99999999999-1/-1' },
  { 'content-length': '99999999999999999999' },
];

const DEPTH = 10_000;
export const DEEP_BODIES = [
  '['.repeat(DEPTH) + ']'.repeat(DEPTH),
  `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`,
  // As deep as the body limit allows.
  '['.repeat(400_000) + ']'.repeat(400_000),
];

interface Schema {
  type?: string | string[];
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
  minLength?: number;
  minimum?: number;
  default?: unknown;
}

/** Fields whose format the routes check by hand: a value they take, so the others get through. */
const KNOWN: [RegExp, unknown][] = [
  [/colou?r$/i, '#112233'],
  [/^resolution$/, '1280x720'],
  [/^timeZone$/, 'America/Sao_Paulo'],
  [/^locale$/, 'pt-BR'],
  [/^csv$/, 'nome,data,hora\nAula,01/01/2030,10:00\n'],
];

/** A value a schema probably accepts, so that hostile fields reach the handler. */
export function example(schema: Schema | undefined, name = '', accountId = ''): unknown {
  if (!schema) return undefined;
  if (name === 'accountId' && accountId) return accountId;
  const known = KNOWN.find(([pattern]) => pattern.test(name));
  if (known) return known[1];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const value = options.find((o) => o.type !== 'null') ?? options[0];
    // An id that points nowhere stops a call early: null (none) goes further.
    if (value?.format === 'uuid' && options.some((o) => o.type === 'null')) return null;
    return example(value, name, accountId);
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, v]) => [k, example(v, k, accountId)]),
      );
    case 'array':
      return [example(schema.items, name, accountId)];
    case 'integer':
    case 'number':
      return schema.default ?? schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'email') return 'someone@palco.test';
      if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
      if (schema.format === 'uri') return 'https://example.com/';
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

/** Every copy of `value` with one of its strings (or numbers) replaced by `hostile`. */
export function withEach(value: unknown, replace: (leaf: unknown) => unknown | undefined): unknown[] {
  const out: unknown[] = [];
  const walk = (node: unknown, set: (v: unknown) => unknown) => {
    const replaced = replace(node);
    if (replaced !== undefined) out.push(set(replaced));
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        walk(item, (v) => set(node.map((x, j) => (j === i ? v : x))));
      });
    } else if (node && typeof node === 'object') {
      for (const key of Object.keys(node)) {
        walk((node as Record<string, unknown>)[key], (v) => set({ ...node, [key]: v }));
      }
    }
  };
  walk(value, (v) => v);
  return out;
}

/** A multipart body whose field values and file name carry `text`. */
export function hostileMultipart(text: string): Pick<InjectOptions, 'payload' | 'headers'> {
  const boundary = '----palcohostile';
  const field = (name: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`;
  const body =
    ['language', 'label', 'name', 'title'].map(field).join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${text}.png"\r\n` +
    `Content-Type: ${text}\r\n\r\nWEBVTT\n\n00:00.000 --> 00:01.000\n${text}\r\n--${boundary}--\r\n`;
  return {
    payload: Buffer.from(body, 'utf8'),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

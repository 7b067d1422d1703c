import { type FetchContext, ofetch } from 'ofetch';
import { create, type Struct } from 'superstruct';
import { i18n } from './i18n';
import { session } from './session';

// The console's HTTP client is ofetch (docs/decisions.md "The console's HTTP client and cache
// persister"): one instance whose hooks add the session's headers and turn every failure into the app's
// ApiError. Retries are the query layer's (src/lib/query-client.ts), never this client's.

/** A failed call, typed: the app (not this client) decides what a 401 or a 5xx means.
 * `status` 0 means the network failed (offline, refused) or the answer was not what the console reads. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type ErrorListener = (error: ApiError) => void;
const errorListeners = new Set<ErrorListener>();
/** The app subscribes here to handle 401 (sign out) and 5xx (the 'Ops' notification). */
export function onApiError(listener: ErrorListener) {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData, Blob and strings as they are. */
  body?: unknown;
  /** Undefined and null values are left out. An `accountId` key (even undefined) stops the selected
   * team from being added. */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Milliseconds before the call is abandoned (an ApiError with status 0). */
  timeout?: number;
  /** Skip the app-wide handlers (401 sign-out, 5xx notification): the caller shows its own message. */
  silent?: boolean;
}

export function buildUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const { user } = session.get();
  // Every call names the selected team, unless the caller set accountId itself.
  const all =
    user?.selectedTeamId && !('accountId' in query) ? { ...query, accountId: user.selectedTeamId } : query;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(all)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  const url = path.startsWith('/') ? path : `/${path}`;
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer
  );
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** An answer's body as the console reads it: JSON when the server says so (its text if that does not
 * parse), other text as text, nothing for an empty body. ofetch reads the text (`responseType: 'text'`);
 * this decides, so a body without a JSON content type is never guessed at. */
function readBody({ response }: FetchContext) {
  if (!response) return;
  const text: unknown = response._data;
  if (typeof text !== 'string' || !text) {
    response._data = undefined;
    return;
  }
  if (!(response.headers.get('content-type') ?? '').includes('json')) return;
  try {
    response._data = JSON.parse(text);
  } catch {
    // Kept as text: a proxy's error page labelled as JSON still shows its status and text.
  }
}

const client = ofetch.create({
  // The HTTP client never retries: queries (GETs) are retried by the query layer on a network error or
  // a 5xx (createQueryClient), mutations never; a retry here too would multiply the requests, and
  // ofetch's default would resend a GET on a 409 or a 429. (The error hooks below throw before ofetch's
  // retry step would run; `false` says so where a reader looks.)
  retry: false,
  responseType: 'text',
  onRequest({ options }) {
    // Read per request: the token and locale change without a reload (login, the language switch).
    const { authToken } = session.get();
    if (authToken) options.headers.set('Authorization', `Bearer ${authToken}`);
    options.headers.set('Accept-Language', i18n.locale || 'pt-BR');
    options.headers.set('Accept', 'application/json');
  },
  onResponse: readBody,
  // Offline, refused, aborted or timed out: status 0.
  onRequestError({ error }) {
    throw new ApiError(0, message(error));
  },
  onResponseError({ response }) {
    const data: unknown = response._data;
    throw new ApiError(
      response.status,
      data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
        ? data.message
        : `${response.status} ${response.statusText}`,
      data,
    );
  },
});

function request(path: string, options: RequestOptions): Promise<unknown> {
  const { method = 'GET', body, query, timeout } = options;
  // The timeout joins the caller's signal (ofetch's own `timeout` applies only without one).
  const signal =
    timeout === undefined
      ? options.signal
      : options.signal
        ? AbortSignal.any([options.signal, AbortSignal.timeout(timeout)])
        : AbortSignal.timeout(timeout);
  const headers = new Headers(options.headers);
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    if (isRawBody(body)) {
      payload = body;
      // What fetch itself would say for a string; ofetch would label any string as JSON.
      if (typeof body === 'string' && !headers.has('Content-Type'))
        headers.set('Content-Type', 'text/plain;charset=UTF-8');
    } else {
      payload = JSON.stringify(body);
      headers.set('Content-Type', 'application/json');
    }
  }
  return client(buildUrl(path, query), { method, headers, body: payload, signal });
}

async function call<T>(path: string, options: RequestOptions, read: (data: unknown) => T): Promise<T> {
  try {
    return read(await request(path, options));
  } catch (error) {
    const apiError = error instanceof ApiError ? error : new ApiError(0, message(error));
    if (!options.silent) for (const l of errorListeners) l(apiError);
    throw apiError;
  }
}

/** Calls the API and checks the answer against `struct`. */
export function api<T, S>(path: string, struct: Struct<T, S>, options: RequestOptions = {}): Promise<T> {
  return call(path, options, (data) => create(data, struct));
}

/** For calls whose answer the console does not read (204, fire and forget). */
export function apiVoid(path: string, options: RequestOptions = {}): Promise<void> {
  return call(path, options, () => undefined);
}

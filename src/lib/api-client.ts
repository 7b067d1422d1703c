import { create, type Struct } from 'superstruct';
import { i18n } from './i18n';
import { session } from './session';

// A thin wrapper over fetch rather than ofetch: ofetch and its helpers cost about 4 kB gzipped of
// first-load JS, and the console needs only JSON/FormData bodies, a query string and typed errors.

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

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

async function request(path: string, options: RequestOptions): Promise<unknown> {
  const { method = 'GET', body, query, timeout } = options;
  const signal =
    timeout === undefined
      ? options.signal
      : options.signal
        ? AbortSignal.any([options.signal, AbortSignal.timeout(timeout)])
        : AbortSignal.timeout(timeout);
  const headers = new Headers(options.headers);
  const { authToken } = session.get();
  if (authToken) headers.set('Authorization', `Bearer ${authToken}`);
  headers.set('Accept-Language', i18n.locale || 'pt-BR');
  headers.set('Accept', 'application/json');
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    if (isRawBody(body)) payload = body;
    else {
      payload = JSON.stringify(body);
      headers.set('Content-Type', 'application/json');
    }
  }
  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), { method, headers, body: payload, signal });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : String(error));
  }
  const data = await readBody(res).catch(() => undefined);
  if (!res.ok) {
    const message =
      data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
        ? data.message
        : `${res.status} ${res.statusText}`;
    throw new ApiError(res.status, message, data);
  }
  return data;
}

async function call<T>(path: string, options: RequestOptions, read: (data: unknown) => T): Promise<T> {
  try {
    return read(await request(path, options));
  } catch (error) {
    const apiError =
      error instanceof ApiError
        ? error
        : new ApiError(0, error instanceof Error ? error.message : String(error));
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

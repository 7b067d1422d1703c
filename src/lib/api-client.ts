import { FetchError, ofetch } from 'ofetch';
import { create, type Struct } from 'superstruct';
import { i18n } from './i18n';
import { session } from './session';

/** A failed call, typed: the app (not this client) decides what a 401 or a 5xx means. */
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

const raw = ofetch.create({
  baseURL: '/',
  retry: 0,
  onRequest({ options }) {
    const { authToken, user } = session.get();
    const headers = new Headers(options.headers);
    if (authToken) headers.set('Authorization', `Bearer ${authToken}`);
    headers.set('Accept-Language', i18n.locale || 'pt-BR');
    options.headers = headers;
    // Every call names the selected team, unless the caller set accountId itself.
    if (user?.selectedTeamId && !(options.query && 'accountId' in options.query)) {
      options.query = { ...options.query, accountId: user.selectedTeamId };
    }
  },
});

export type RequestOptions = Parameters<typeof raw>[1] & { silent?: boolean };

function toApiError(error: unknown): ApiError {
  if (error instanceof FetchError) {
    const data: unknown = error.data;
    const message =
      data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
        ? data.message
        : error.message;
    // No status means the network failed (offline, DNS, CORS): 0.
    return new ApiError(error.statusCode ?? 0, message, data);
  }
  return new ApiError(0, error instanceof Error ? error.message : String(error));
}

/** Calls the API and checks the answer against `struct`. `silent` skips the app-wide handlers. */
export async function api<T, S>(path: string, struct: Struct<T, S>, options: RequestOptions = {}): Promise<T> {
  const { silent, ...fetchOptions } = options;
  try {
    const data: unknown = await raw(path, fetchOptions);
    return create(data, struct);
  } catch (error) {
    const apiError = toApiError(error);
    if (!silent) for (const l of errorListeners) l(apiError);
    throw apiError;
  }
}

/** For calls whose answer the console does not read (204, fire and forget). */
export async function apiVoid(path: string, options: RequestOptions = {}): Promise<void> {
  const { silent, ...fetchOptions } = options;
  try {
    await raw(path, fetchOptions);
  } catch (error) {
    const apiError = toApiError(error);
    if (!silent) for (const l of errorListeners) l(apiError);
    throw apiError;
  }
}

/**
 * Calls to a provider's token endpoint and API: plain fetch, bounded in time and size. A failure is a
 * `ProviderError` that says whether trying again later may help (429, 5xx, network), so import jobs
 * retry those with backoff and give up on the rest.
 */

/** Largest answer read from a provider's API (JSON listings, tokens). */
export const MAX_API_RESPONSE_BYTES = 4 * 1024 * 1024;

export class ProviderError extends Error {
  constructor(
    message: string,
    /** HTTP status, 0 for a network error or a timeout. */
    readonly status: number,
    /** OAuth `error` code of the answer (invalid_grant, ...), when it has one. */
    readonly oauthError: string | null = null,
  ) {
    super(message);
  }

  /** 429, 5xx and network errors: the provider may answer later. */
  get retryable(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

async function readBounded(response: Response, max: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel();
      throw new ProviderError(`answer larger than ${max} bytes`, 502);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export interface JsonAnswer {
  status: number;
  body: unknown;
  headers: Headers;
}

/**
 * One request, its JSON answer. Non-2xx answers throw a `ProviderError` carrying the status and the
 * OAuth error code (never the body: it may echo a token).
 */
export async function requestJson(
  url: string,
  init: RequestInit & { timeoutMs: number },
): Promise<JsonAnswer> {
  const { timeoutMs, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(url, { ...rest, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const name = (error as Error).name;
    throw new ProviderError(name === 'TimeoutError' ? `timed out after ${timeoutMs} ms` : 'network error', 0);
  }
  const text = await readBounded(response, MAX_API_RESPONSE_BYTES);
  let body: unknown = null;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!response.ok) {
    const code =
      body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string'
        ? (body as { error: string }).error
        : null;
    throw new ProviderError(`HTTP ${response.status}`, response.status, code);
  }
  return { status: response.status, body, headers: response.headers };
}

/** A string field of a provider's JSON object, or null. */
export function str(value: unknown, field: string): string | null {
  if (!value || typeof value !== 'object') return null;
  const v = (value as Record<string, unknown>)[field];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
}

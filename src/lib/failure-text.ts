/** What a form says when a call fails: the server's own message for a client error (4xx, already in
 * the user's language), else the caller's fallback (network failures and 5xx say nothing useful). */
export function failureText(error: unknown, fallback: string): string {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status > 0 && status < 500 && error instanceof Error
    ? error.message
    : fallback;
}

/** The reason the server itself gave (`{message}` of its JSON answer), whatever the status: a 502 the
 * server answers for a third party it could not reach says which one and what to do; a proxy's HTML
 * page or a network failure has none (undefined). */
export function serverReason(error: unknown): string | undefined {
  const data = (error as { data?: unknown } | null)?.data;
  return data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
    ? data.message
    : undefined;
}

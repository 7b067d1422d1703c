/** What a form says when a call fails: the server's own message for a client error (4xx, already in
 * the user's language), else the caller's fallback (network failures and 5xx say nothing useful). */
export function failureText(error: unknown, fallback: string): string {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status > 0 && status < 500 && error instanceof Error
    ? error.message
    : fallback;
}

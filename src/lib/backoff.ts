/** How long to wait before retry number `attempt` (0 for the first retry): `baseMs` doubling up to
 * `maxMs`. With `jitter`, a random part of up to a fifth is taken off, so many clients that lost the
 * same server do not all come back in the same instant. */
export function backoffDelay(
  attempt: number,
  { baseMs = 1_000, maxMs = 30_000, jitter = false, random = Math.random } = {},
): number {
  const steps = Math.max(0, Math.min(Math.floor(attempt), 30));
  const delay = Math.min(baseMs * 2 ** steps, maxMs);
  return jitter ? Math.round(delay * (1 - 0.2 * random())) : delay;
}

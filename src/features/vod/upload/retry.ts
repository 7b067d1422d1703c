import { backoffDelay } from '@/lib/backoff';

/** What to do after one request of an upload (SPEC §4 "Chunked upload", §9; docs/api-videos.md). */

/** SPEC §9: at most 5 attempts per chunk (chunked mode) and per upload (simple mode). */
export const MAX_ATTEMPTS = 5;

/** How a request ended. */
export type Outcome =
  /** The server answered. `offset` is the offset in the answer's body, when it has one. */
  | { kind: 'answer'; status: number; offset?: number }
  /** No answer: the connection failed (offline, reset, DNS). */
  | { kind: 'network' }
  /** The console itself stopped the request (the browser went offline, the item was removed). */
  | { kind: 'aborted' };

export type Decision =
  /** 201: the chunk is stored; continue from `offset`. Attempts start again for the next chunk. */
  | { action: 'advance'; offset: number }
  /** 202: the whole file is stored. */
  | { action: 'complete' }
  /** 409: the server wants another byte: continue from its offset (asked again when not given). */
  | { action: 'resync'; attempts: number; offset?: number }
  /** 5xx or a network error: wait `delayMs`, ask the server for its offset, send again. */
  | { action: 'retry'; attempts: number; delayMs: number }
  /** Offline: wait for the network without spending an attempt. */
  | { action: 'pause' }
  /** The upload failed for good (SPEC §4: status failed, progress 0). */
  | { action: 'fail'; attempts: number }
  /** 403: the account is blocked (the console goes to /blocked). */
  | { action: 'blocked' }
  /** 401: the session ended; the upload stays queued for the next sign-in. */
  | { action: 'unauthorized' };

const BACKOFF_BASE_MS = 1000;
const BACKOFF_MAX_MS = 16_000;

/** Exponential backoff after the n-th failed attempt (1 s, 2 s, 4 s, 8 s, capped at 16 s): the app's one
 * backoff (src/lib/backoff.ts), its retry numbering starting at 0. */
export function backoffMs(failedAttempts: number): number {
  return backoffDelay(Math.max(1, failedAttempts) - 1, { baseMs: BACKOFF_BASE_MS, maxMs: BACKOFF_MAX_MS });
}

/** A failed attempt: another try while fewer than MAX_ATTEMPTS were made, else the upload fails. */
function spend(attempts: number): Decision {
  const next = attempts + 1;
  return next >= MAX_ATTEMPTS
    ? { action: 'fail', attempts: next }
    : { action: 'retry', attempts: next, delayMs: backoffMs(next) };
}

/**
 * The decision after one request. `attempts` counts the failed attempts of the current chunk (or of
 * the whole simple upload) before this one; `online` is what the browser says now. A network error
 * while offline pauses instead of spending an attempt; 409 re-syncs to the server's offset (it counts
 * as an attempt so a server that keeps answering 409 cannot loop forever).
 */
export function decide(outcome: Outcome, attempts: number, online: boolean): Decision {
  if (outcome.kind === 'aborted') return { action: 'pause' };
  if (outcome.kind === 'network') return online ? spend(attempts) : { action: 'pause' };
  const { status, offset } = outcome;
  if (status === 201) return offset === undefined ? spend(attempts) : { action: 'advance', offset };
  if (status === 202) return { action: 'complete' };
  if (status === 409) {
    const next = attempts + 1;
    if (next >= MAX_ATTEMPTS) return { action: 'fail', attempts: next };
    return offset === undefined
      ? { action: 'resync', attempts: next }
      : { action: 'resync', attempts: next, offset };
  }
  if (status >= 500 && status <= 599) return spend(attempts);
  if (status === 401) return { action: 'unauthorized' };
  if (status === 403) return { action: 'blocked' };
  return { action: 'fail', attempts: attempts + 1 };
}

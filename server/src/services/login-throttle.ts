import { setTimeout as sleep } from 'node:timers/promises';
import ipaddr from 'ipaddr.js';
import type { LoginThrottleConfig } from '../config.ts';
import {
  countAddressAttempts,
  forgetAddressAttempt,
  recordAddressAttempt,
} from '../db/repositories/login-failures.ts';
import type { Executor } from '../db/schema.ts';
import { ApiError } from '../lib/errors.ts';

/**
 * The address a login attempt is counted under: an IPv4 address as it is (also when mapped into
 * IPv6), an IPv6 address by its /64 — one subscriber's network, whose 2^64 addresses would otherwise
 * each get a fresh allowance.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`);
  return `${network.toString()}/64`;
}

/** The wait before an attempt that is the `count`-th of its address in the window. */
export function delayFor(count: number, limits: LoginThrottleConfig): number {
  if (count <= limits.slowAfter) return 0;
  return Math.min(limits.maxDelayMs, limits.delayMs * 2 ** (count - limits.slowAfter - 1));
}

/**
 * Counts a login attempt against its client address: past `slowAfter` failures in the window each
 * attempt waits (doubling), past `maxFailures` it is refused with 429 and Retry-After. The attempt's
 * row is written before counting, so parallel guesses count against each other; a refused attempt's
 * row is removed again (waiting while locked out does not extend the lock). Answers the row's id:
 * `forgetAddressAttempt` it when the password was right.
 */
export async function throttleAddress(
  db: Executor,
  ip: string | undefined,
  limits: LoginThrottleConfig,
): Promise<string> {
  // A socket already gone has no remote address: all such attempts share one allowance.
  const address = ip ? addressKey(ip) : 'unknown';
  const attempt = await recordAddressAttempt(db, address);
  const { count, oldest } = await countAddressAttempts(db, address, limits.windowMinutes);
  if (count > limits.maxFailures) {
    await forgetAddressAttempt(db, attempt);
    throw tooManyLogins(oldest, limits.windowMinutes);
  }
  const delay = delayFor(count, limits);
  if (delay > 0) await sleep(delay);
  return attempt;
}

/** 429 with Retry-After: the seconds until the oldest counted attempt leaves the window. */
export function tooManyLogins(oldest: Date | null, windowMinutes: number): ApiError {
  const freeAt = (oldest?.getTime() ?? Date.now()) + windowMinutes * 60_000;
  const seconds = Math.max(1, Math.ceil((freeAt - Date.now()) / 1000));
  return new ApiError(429, 'tooManyLogins', {
    params: { minutes: Math.ceil(seconds / 60) },
    headers: { 'retry-after': String(seconds) },
  });
}

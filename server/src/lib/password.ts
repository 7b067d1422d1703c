import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults: argon2id, 19 MiB, t=2, p=1 — OWASP's recommended minimum.
export async function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a wrong password, not a crash.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of nothing anyone knows, checked when the login does not exist so that an unknown login costs
 * the same argon2 work as a known one and cannot be told apart by timing.
 */
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}

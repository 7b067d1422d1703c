import type { Generated } from 'kysely';

/**
 * Login attempts per client address in the throttle window (server/src/services/login-throttle.ts), in the
 * database so that every instance counts the same. A row is written before the password is checked
 * (parallel guesses see each other) and only that row is removed when the attempt succeeds: signing in
 * to one's own account does not wipe the failures of a spray against others.
 */
export interface LoginAddressAttemptsTable {
  id: Generated<string>;
  address: string;
  at: Generated<Date>;
}

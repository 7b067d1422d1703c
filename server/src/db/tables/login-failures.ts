import type { Generated } from 'kysely';

/**
 * Login attempts in the rate-limit window, kept in the database so that every server instance
 * counts the same attempts. A row is written before the password is checked (so concurrent attempts
 * see each other) and all rows of a login are removed when it signs in.
 */
export interface LoginFailuresTable {
  id: Generated<string>;
  login: string;
  at: Generated<Date>;
}

import { createHash, randomBytes } from 'node:crypto';
import { ApiError } from '../../lib/errors.ts';

/** SPEC §5: letters (Portuguese accents included) and spaces, not blank, at most 50 characters. The
 * console's classroom form checks the same rule (src/classroom/validation.ts). */
const NAME = /^[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff ]+$/;
export const MAX_NAME = 50;
// The WHATWG e-mail syntax plus a dot in the domain, as the console's forms check it.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** The attendee's name and e-mail, trimmed, or the §5 message for the first that is wrong. */
export function attendee(body: { name: string; email: string }): { name: string; email: string } {
  const name = body.name.trim().replace(/ {2,}/g, ' ');
  if (!name || name.length > MAX_NAME || !NAME.test(name))
    throw new ApiError(400, 'participantNameInvalid', { field: 'name' });
  const email = body.email.trim();
  if (!email) throw new ApiError(400, 'required', { field: 'email' });
  if (!EMAIL.test(email)) throw new ApiError(400, 'email', { field: 'email' });
  return { name, email };
}

/** A registration's chat token: 32 random bytes; the server keeps only its SHA-256. */
export function newChatToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashChatToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

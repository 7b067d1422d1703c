import { describe, expect, it } from 'vitest';
import { decodeJwtClaims, isTokenExpired } from '../jwt';

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const token = (claims: Record<string, unknown>) => `${b64url({ alg: 'HS256' })}.${b64url(claims)}.sig`;

describe('isTokenExpired (judged by the exp claim)', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  it('accepts a token whose exp is in the future', () => {
    expect(isTokenExpired(token({ exp: now / 1000 + 60 }), now)).toBe(false);
  });
  it('rejects a token whose exp has passed, and one at exactly now', () => {
    expect(isTokenExpired(token({ exp: now / 1000 - 1 }), now)).toBe(true);
    expect(isTokenExpired(token({ exp: now / 1000 }), now)).toBe(true);
  });
  it('rejects missing, malformed and exp-less tokens', () => {
    expect(isTokenExpired(null, now)).toBe(true);
    expect(isTokenExpired('', now)).toBe(true);
    expect(isTokenExpired('not-a-jwt', now)).toBe(true);
    expect(isTokenExpired('a.%%%.c', now)).toBe(true);
    expect(isTokenExpired(token({ sub: 'x' }), now)).toBe(true);
  });
  it('decodes UTF-8 claims', () => {
    expect(decodeJwtClaims(token({ cargo: 'proprietário' }))?.cargo).toBe('proprietário');
  });
});

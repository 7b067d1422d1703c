import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const LABEL_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TLD_RE = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** Punycode of an internationalised host, the way the browser's URL parser writes it. */
function toAscii(host: string): string | null {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return null;
  }
}

/**
 * An authorized domain as the API stores it (lower case, IDN as punycode), or null when it is not one:
 * labels of letters, digits and hyphens, at least two, a real-looking top-level domain; `*.` in front
 * allows every subdomain. No scheme, port, path or spaces. (The server applies the same rule.)
 */
export function normalizeDomain(value: string): string | null {
  const trimmed = value.trim().toLowerCase();
  const wildcard = trimmed.startsWith('*.');
  const host = wildcard ? trimmed.slice(2) : trimmed;
  if (!host || /[^\p{L}\p{N}.-]/u.test(host)) return null;
  const ascii = toAscii(host);
  if (!ascii || ascii.length > 253) return null;
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL_RE.test(l)) || !TLD_RE.test(labels.at(-1)!))
    return null;
  return wildcard ? `*.${ascii}` : ascii;
}

export const domainMessages = {
  invalid: msg`Domínio inválido!`,
  duplicate: msg`Domínio já inserido`,
};

export type DomainCheck =
  | { ok: true; domain: string }
  | { ok: false; reason: 'invalid' | 'duplicate'; message: MessageDescriptor };

/** SPEC §5 authorized domains: 'Domínio inválido!' for a bad entry, 'Domínio já inserido' for one
 * already in the list (compared as stored: letter case, `www` kept, IDN and punycode are the same). */
export function checkDomain(value: string, list: readonly string[]): DomainCheck {
  const domain = normalizeDomain(value);
  if (!domain) return { ok: false, reason: 'invalid', message: domainMessages.invalid };
  if (list.some((d) => normalizeDomain(d) === domain))
    return { ok: false, reason: 'duplicate', message: domainMessages.duplicate };
  return { ok: true, domain };
}

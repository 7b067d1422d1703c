import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** Longest endpoint URL accepted. */
export const MAX_WEBHOOK_URL = 2000;

/**
 * Ranges a delivery may reach with `WEBHOOK_ALLOW_PRIVATE` (a developer's or the tests' local
 * receiver); without it only public unicast addresses. Link-local (cloud metadata at 169.254.169.254)
 * and the rest (multicast, reserved, 0.0.0.0) are never reachable.
 */
const PRIVATE_RANGES = new Set(['loopback', 'private', 'uniqueLocal']);

export function addressAllowed(address: string, allowPrivate: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = ipaddr.process(address).range();
  return range === 'unicast' || (allowPrivate && PRIVATE_RANGES.has(range));
}

function isLocalName(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost');
}

/** `ok`, or why the URL is refused when an endpoint is created. Names are checked again when sent. */
export function checkWebhookUrl(raw: string, allowPrivate: boolean): 'ok' | 'format' | 'scheme' | 'address' {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'format';
  }
  if (url.username || url.password || !url.hostname) return 'format';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = ipaddr.isValid(host);
  const local = isLocalName(host) || (literal && !addressAllowed(host, false));
  if (local && !(allowPrivate && (isLocalName(host) || addressAllowed(host, true)))) return 'address';
  if (url.protocol === 'https:') return 'ok';
  // Plain http only towards a local receiver, and only when the server allows private targets.
  if (url.protocol === 'http:') return allowPrivate && local ? 'ok' : 'scheme';
  return 'scheme';
}

/**
 * Resolves the endpoint's host at delivery time and returns the address to connect to (the request is
 * pinned to it, so a name cannot resolve to a public address for this check and a private one for the
 * connection), or null when any address it resolves to is not allowed.
 */
export async function resolveTarget(
  hostname: string,
  allowPrivate: boolean,
): Promise<{ address: string; family: number } | null> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const found = ipaddr.isValid(host)
    ? [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }]
    : await lookup(host, { all: true });
  if (found.length === 0 || !found.every((a) => addressAllowed(a.address, allowPrivate))) return null;
  return found[0] ?? null;
}

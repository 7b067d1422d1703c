import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { normalizeHost } from './host-name.ts';

/** Longest endpoint URL accepted. */
export const MAX_WEBHOOK_URL = 2000;

/**
 * Ranges a delivery may reach with `WEBHOOK_ALLOW_PRIVATE` (a developer's or the tests' local
 * receiver); without it only public unicast addresses. Link-local (cloud metadata at 169.254.169.254)
 * and the rest (multicast, reserved, 0.0.0.0) are never reachable.
 */
const PRIVATE_RANGES = new Set(['loopback', 'private', 'uniqueLocal']);

/**
 * Whether an IPv6 address carries an IPv4 address inside it, in any of the standard forms a network
 * stack, a NAT64 gateway or a tunnel may turn into an IPv4 destination: IPv4-compatible (`::a.b.c.d`,
 * `::/96`, e.g. `[::7f00:1]`), IPv4-mapped (`::ffff:0:0/96`), IPv4-translated (`::ffff:0:0:0/96`),
 * NAT64 (`64:ff9b::/96`, `64:ff9b:1::/48`), 6to4 (`2002::/16`), Teredo (`2001::/32`) and ISATAP
 * interface ids (`…:0:5efe:a.b.c.d`, `…:200:5efe:…`). Every such form is refused, whatever it embeds:
 * a webhook receiver has a plain address (docs/webhooks.md).
 */
export function embedsIpv4(address: string): boolean {
  if (!ipaddr.IPv6.isValid(address)) return false;
  const p = ipaddr.IPv6.parse(address).parts;
  const zeros = (from: number, to: number) => p.slice(from, to).every((x) => x === 0);
  return (
    (zeros(0, 6) && !(p[6] === 0 && (p[7] ?? 0) <= 1)) || // IPv4-compatible, ::/96 (not :: nor ::1)
    (zeros(0, 5) && p[5] === 0xffff) || // IPv4-mapped
    (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) || // IPv4-translated
    (p[0] === 0x64 && p[1] === 0xff9b) || // NAT64, well-known and local-use prefixes
    p[0] === 0x2002 || // 6to4
    (p[0] === 0x2001 && p[1] === 0) || // Teredo
    (((p[4] ?? 0) & 0xfdff) === 0 && p[5] === 0x5efe) // ISATAP
  );
}

export function addressAllowed(address: string, allowPrivate: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  // An IPv6 form embedding an IPv4 address is refused before ipaddr's process() would unwrap only the
  // mapped one and call the rest "unicast".
  if (embedsIpv4(address)) return false;
  const range = ipaddr.process(address).range();
  return range === 'unicast' || (allowPrivate && PRIVATE_RANGES.has(range));
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
  // One spelling of the host before the guard: `LOCALHOST.`, `127.0.0.1.`, `[::1]`, `0x7f.1` are all
  // local (lib/host-name.ts).
  const host = normalizeHost(url.hostname);
  if (!host) return 'format';
  const local = host.kind === 'name' ? host.local : !addressAllowed(host.address, false);
  const allowedLocal = allowPrivate && (host.kind === 'name' || addressAllowed(host.address, true));
  if (local && !allowedLocal) return 'address';
  if (url.protocol === 'https:') return 'ok';
  // Plain http only towards a local receiver, and only when the server allows private targets.
  if (url.protocol === 'http:') return allowPrivate && local ? 'ok' : 'scheme';
  return 'scheme';
}

/**
 * Resolves an outside host (a webhook endpoint's, a recording download's, a provider's ingest URL's)
 * at the time it is reached and returns the address to connect to (the request is pinned to it, so a
 * name cannot resolve to a public address for this check and a private one for the connection), or
 * null when the host is no host or any address it resolves to is not allowed. The host is normalised
 * first (lib/host-name.ts); a `localhost` name is loopback without asking DNS (RFC 6761), so
 * `localhost.` cannot be answered by a resolver with anything else.
 */
export async function resolveTarget(
  hostname: string,
  allowPrivate: boolean,
): Promise<{ address: string; family: number } | null> {
  const host = normalizeHost(hostname);
  if (!host) return null;
  if (host.kind === 'ip') {
    if (!addressAllowed(host.address, allowPrivate)) return null;
    return { address: host.address, family: host.address.includes(':') ? 6 : 4 };
  }
  if (host.local) return allowPrivate ? { address: '127.0.0.1', family: 4 } : null;
  const found = await lookup(host.name, { all: true });
  if (found.length === 0 || !found.every((a) => addressAllowed(a.address, allowPrivate))) return null;
  return found[0] ?? null;
}

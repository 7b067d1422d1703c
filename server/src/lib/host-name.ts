import ipaddr from 'ipaddr.js';

/**
 * An outside host as every address guard sees it (docs/security.md "One spelling of a host before
 * every address guard"): `ip` for a literal address, `name` for a DNS name.
 */
export type NormalHost = { kind: 'ip'; address: string } | { kind: 'name'; name: string; local: boolean };

/** Characters that would make the URL parser read something else than a host (a path, a user, a port). */
const NOT_A_HOST = /[/\\?#@\s]/;

/**
 * The one spelling of a host name that every address guard checks (webhooks, recording downloads,
 * providers' ingest URLs): the WHATWG URL parser's host (lower case, IDNA/punycode, IPv4 in decimal,
 * octal, hex or short forms made dotted, IPv6 compressed), brackets of an IPv6 literal dropped, and one
 * trailing dot stripped (`localhost.` is `localhost`: the root label changes nothing for a resolver).
 * Null for what is no host: empty, another empty label (`localhost..`), or not parsable. Guards refuse
 * null. Accepts a URL's `hostname` or a bare host; idempotent.
 */
export function normalizeHost(input: string): NormalHost | null {
  let raw = input.trim();
  if (raw === '' || NOT_A_HOST.test(raw)) return null;
  // A bare IPv6 address (as a resolver answers it) is put in brackets for the URL parser.
  if (!raw.startsWith('[') && raw.includes(':')) {
    if (!ipaddr.IPv6.isValid(raw)) return null;
    raw = `[${raw}]`;
  }
  let host: string;
  try {
    host = new URL(`http://${raw}/`).hostname;
  } catch {
    return null;
  }
  if (host.startsWith('[')) {
    const address = host.slice(1, -1);
    return ipaddr.IPv6.isValid(address) ? { kind: 'ip', address } : null;
  }
  // The parser already made `127.0.0.1.` and `0x7f.1.` the address 127.0.0.1; a name keeps its dot.
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) return { kind: 'ip', address: host };
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  if (name === '' || name.split('.').some((label) => label === '')) return null;
  // Parsed once more without the dot, so a name that was an address form in disguise is seen as one.
  let again: string;
  try {
    again = new URL(`http://${name}/`).hostname;
  } catch {
    return null;
  }
  if (ipaddr.IPv4.isValidFourPartDecimal(again)) return { kind: 'ip', address: again };
  return { kind: 'name', name: again, local: again === 'localhost' || again.endsWith('.localhost') };
}

/** `host:port` of a URL with its host normalised (a dev-host allow-list entry is matched against it). */
export function hostPort(url: URL, defaultPort: string): string | null {
  const host = normalizeHost(url.hostname);
  if (!host) return null;
  const port = url.port || defaultPort;
  if (host.kind === 'name') return `${host.name}:${port}`;
  return host.address.includes(':') ? `[${host.address}]:${port}` : `${host.address}:${port}`;
}

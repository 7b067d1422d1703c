import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { hostPort } from '../lib/host-name.ts';
import { resolveTarget } from '../lib/webhook-target.ts';
import { ProviderError } from './http.ts';

/** Redirects followed (each one checked again) before a download is given up. */
const MAX_REDIRECTS = 5;

export interface DownloadGuard {
  /** `host:port` (lower case) that may be reached over http and on a local address (dev, tests). */
  devHosts: readonly string[];
  timeoutMs: number;
  maxBytes: number;
}

/**
 * A download that will never work, so trying again is useless: the URL's address is refused
 * (`address`) or the file is larger than MAX_UPLOAD_BYTES (`tooLarge`).
 */
export class DownloadRefused extends Error {
  constructor(
    readonly reason: 'address' | 'tooLarge',
    detail: string,
  ) {
    super(detail);
  }
}

/**
 * Checks one hop: https only, to a public address (resolved now, and the connection pinned to the
 * address checked, so a name cannot answer a public address here and a private one when connecting);
 * plain http and local addresses only for a `devHosts` entry. The host is normalised first, as for
 * every outside address (lib/host-name.ts): `localhost.`, `[::1]` or `0x7f.1` are local like
 * `localhost`. Link-local (cloud metadata) is never reachable, whatever the configuration
 * (lib/webhook-target.ts).
 */
async function checkHop(url: URL, guard: DownloadGuard): Promise<{ address: string; family: number }> {
  if (url.username || url.password) throw new DownloadRefused('address', 'credentials in the URL');
  const key = hostPort(url, url.protocol === 'https:' ? '443' : '80');
  if (!key) throw new DownloadRefused('address', 'not a host');
  const dev = guard.devHosts.some((entry) => entry.toLowerCase() === key);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && dev))
    throw new DownloadRefused('address', `scheme ${url.protocol} refused`);
  let target: { address: string; family: number } | null;
  try {
    target = await resolveTarget(url.hostname, dev);
  } catch {
    throw new ProviderError('DNS lookup failed', 0);
  }
  if (!target) throw new DownloadRefused('address', 'address not allowed');
  return target;
}

export interface Download {
  stream: Readable;
  /** Content-Length when the server sent one. */
  length: number | null;
  contentType: string | null;
}

/**
 * Opens a provider's file for download through the address guard. `headers` (the provider's bearer
 * token) go only to the URL's own origin: a redirect elsewhere (a CDN) is followed without them. A
 * file announced larger than `maxBytes` is refused before its body is read; the caller still bounds
 * what it reads (a server may lie about the length). The returned stream is destroyed after
 * `timeoutMs` from the first request.
 */
export async function openDownload(
  raw: string,
  headers: Record<string, string>,
  guard: DownloadGuard,
): Promise<Download> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DownloadRefused('address', 'not a URL');
  }
  const origin = url.origin;
  const deadline = Date.now() + guard.timeoutMs;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const pinned = await checkHop(url, guard);
    const lookup: LookupFunction = (_host, options, callback) => {
      if (options.all) callback(null, [pinned]);
      else callback(null, pinned.address, pinned.family);
    };
    const left = deadline - Date.now();
    if (left <= 0) throw new ProviderError(`timed out after ${guard.timeoutMs} ms`, 0);
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = (url.protocol === 'https:' ? https : http).request(url, {
        method: 'GET',
        lookup,
        agent: false,
        headers: { ...(url.origin === origin ? headers : {}), 'user-agent': 'Palco-Integrations/1' },
      });
      const timer = setTimeout(() => {
        request.destroy(new ProviderError(`timed out after ${guard.timeoutMs} ms`, 0));
      }, left);
      request.on('response', (answer) => {
        answer.on('close', () => clearTimeout(timer));
        resolve(answer);
      });
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(error instanceof ProviderError ? error : new ProviderError('network error', 0));
      });
      request.end();
    });
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      url = new URL(response.headers.location, url);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new ProviderError(`HTTP ${status}`, status);
    }
    const declared = Number(response.headers['content-length']);
    const length = Number.isFinite(declared) && declared >= 0 ? declared : null;
    if (length !== null && length > guard.maxBytes) {
      response.destroy();
      throw new DownloadRefused('tooLarge', `file of ${length} bytes is over the limit`);
    }
    return { stream: response, length, contentType: response.headers['content-type'] ?? null };
  }
  throw new ProviderError('too many redirects', 502);
}

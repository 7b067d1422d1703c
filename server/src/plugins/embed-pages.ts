/**
 * The embed player page's policy and what the server renders into it (the routes:
 * server/src/routes/playback/embed-page.ts).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { originOf } from '../../../contract/origin.ts';

/**
 * The player page's policy. Unlike the console's, it may be framed (by the live's authorized domains),
 * and it reaches other hosts: a VAST ad server, the ad's media file and its tracking pixels, banners.
 * It still runs only its own scripts. (shaka's text display starts from a `data:` WebVTT.)
 */
export function embedPolicy(frameAncestors: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    'img-src * data: blob:',
    "connect-src 'self' * ws: wss:",
    "media-src 'self' * blob: data:",
    "worker-src 'self' blob:",
    "font-src 'self' data:",
    `frame-ancestors ${frameAncestors}`,
    "base-uri 'self'",
    "form-action 'none'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * `frame-ancestors` for an authorized-domain list as the API stores it (lower-case host names, `*.`
 * for every subdomain, no port): each host on any port and scheme; an empty list lets anyone embed.
 */
export function frameAncestors(domains: readonly string[]): string {
  if (domains.length === 0) return '*';
  return ["'self'", ...domains.map((domain) => `${domain}:*`)].join(' ');
}

/** The element id of the answer rendered into the page (src/embed/rendered.ts reads it). */
export const RENDERED_ID = 'palco-playback';

/** The attendee token the page itself passes on to the endpoint (src/embed/main.ts tests the same). */
export const ATTENDEE = /^[\w-]{20,128}$/;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The origin the embed page will name to the playback endpoint (src/embed/route.ts `embeddingOrigin`),
 * as its navigation tells it, or undefined when the headers cannot say it for certain
 * (docs/playback.md "Startup time: the answer in the page"): a top-level visit names none; a frame names
 * its parent, which is the page that asked for the frame (the Referer's origin) on an ordinary embed. A
 * prefetch or prerender, a browser without Fetch Metadata, a frame without a Referer (a no-referrer
 * policy, an https page framing http) or any other destination: undefined, and the page asks as before.
 * The page checks the origin this answer was made for against its own before using it.
 */
export function navigationOrigin(headers: IncomingHttpHeaders): { origin: string | null } | undefined {
  if (headers['sec-purpose'] !== undefined || headers.purpose !== undefined) return undefined;
  const dest = first(headers['sec-fetch-dest']);
  if (dest === 'document') return { origin: null };
  if (dest !== 'iframe' && dest !== 'frame') return undefined;
  const referer = first(headers.referer);
  const origin = referer ? originOf(referer) : null;
  return origin ? { origin } : undefined;
}

/** JSON inside a `<script type="application/json">`: `<`, `>`, `&` and the two JavaScript line
 * separators escaped, so no value (a title, an overlay's text) can close the element or open a comment. */
export function scriptJson(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A modulepreload link of embed.html that only one transport needs (vite.config.ts `embedModulePreload`
 * marks them `data-for`): `hls` (shaka's build), `whep` (the WebRTC client), `live` (the live channel). */
const PRELOAD_FOR = /<link\b[^>]*\bdata-for="(hls|whep|live)"[^>]*>\s*/g;

/**
 * embed.html with the rendered answer before `</body>`, and without the preloads the answer says the
 * start will not need: a WebRTC start does not fetch shaka's build (its fallback imports it if needed),
 * a VOD or an HLS live does not fetch the WebRTC client, a VOD not the live channel.
 */
export function withAnswer(
  html: string,
  tag: string,
  info: { kind: 'live' | 'vod'; manifestUrl: string | null; whepUrl: string | null },
): string {
  const keep = { hls: !info.whepUrl, whep: Boolean(info.whepUrl), live: info.kind === 'live' };
  const trimmed = html.replace(PRELOAD_FOR, (link, what: keyof typeof keep) => (keep[what] ? link : ''));
  const at = trimmed.lastIndexOf('</body>');
  return at < 0 ? trimmed + tag : trimmed.slice(0, at) + tag + trimmed.slice(at);
}

import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Security } from '../../db/tables/streams.ts';
import { langOf, type MessageKey, t } from '../../lib/i18n.ts';
import { countryOf, geoAllows } from '../../services/geo.ts';
import type { PlaybackReason } from './schemas.ts';

/** The message of each reason a public playback is refused for. */
export const PLAYBACK_REASON_KEYS: Record<PlaybackReason, MessageKey> = {
  not_found: 'playbackNotFound',
  geo_blocked: 'playbackGeoBlocked',
  domain_not_allowed: 'playbackDomainNotAllowed',
  invalid_link: 'playbackLinkInvalid',
};

/** A refusal with its reason in the body and its message in the reader's language (playback, WHEP). */
export function refusal(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  reason: string,
  key: MessageKey,
) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({
      statusCode: status,
      error: STATUS_CODES[status] ?? 'Error',
      message: t(langOf(request), key),
      reason,
    });
}

/** A refusal of the public playback, with its reason in the body. */
export function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  status: 403 | 404,
  reason: PlaybackReason,
) {
  return refusal(request, reply, status, reason, PLAYBACK_REASON_KEYS[reason]);
}

/** The host of an embedding origin (`https://site.example:8443` → `site.example`), or null. */
function hostOf(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * Whether a page at `origin` may embed the stream. No origin (a top-level visit of the player) and the
 * server's own origin (the classroom) are always allowed; an empty list allows every site. An entry
 * `site.example` allows that host exactly (`www.site.example` is an entry of its own, as the console
 * stores them); `*.site.example` allows every subdomain of it.
 */
export function domainAllows(
  list: readonly string[],
  origin: string | undefined,
  ownOrigin: string,
): boolean {
  if (list.length === 0 || origin === undefined || origin === '') return true;
  const host = hostOf(origin);
  if (!host) return false;
  if (host === hostOf(ownOrigin)) return true;
  return list.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry,
  );
}

/** `host[:port]` of an Origin header, or null. */
function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * The one decision of whether the page that calls (its `Origin` header) may play a stream, for every
 * player that calls cross-site: a WHEP client, and any HLS player on the customer's own page (hls.js,
 * video.js, Shaka, Safari; docs/playback.md "Use your own player"). The embed page itself asks from
 * the host it was served on (whatever PUBLIC_URL says); a client without an Origin (a same-origin GET,
 * a server) passes, as the embed's own top-level visit does; otherwise the stream's authorized domains
 * (`domainAllows`) decide.
 */
export function pageAllowed(app: FastifyInstance, request: FastifyRequest, list: readonly string[]): boolean {
  const origin = request.headers.origin;
  const sameOrigin = origin !== undefined && originHost(origin) === request.headers.host;
  return sameOrigin || domainAllows(list, origin, app.config.publicUrl);
}

/**
 * The CORS answer of an allowed call to a playback answer, a media file or WHEP: the calling page's
 * origin, never credentials (players send none). Every answer says it varies with Origin, so a CDN
 * keeps one copy per site and never hands a copy made for one site to another (docs/security.md
 * "Playback from customers' own players").
 */
export function playerCors(reply: FastifyReply, origin: string | undefined, expose: string): void {
  reply.header('vary', 'Origin');
  if (!origin) return;
  reply.header('access-control-allow-origin', origin).header('access-control-expose-headers', expose);
}

/** What an HLS player reads of a media answer beyond the safelisted headers (a Range request's). */
export const MEDIA_EXPOSED = 'Content-Range, Accept-Ranges, Content-Length, Retry-After';

/**
 * A CORS preflight of the playback answer or the media: a player's GET may carry Range (Shaka, a
 * video.js/VHS byte-range request) and never credentials. Answered to any page: the request itself
 * applies the stream's rules (`pageAllowed`) and refuses a page they do not allow.
 */
export function playerPreflight(request: FastifyRequest, reply: FastifyReply) {
  playerCors(reply, request.headers.origin, MEDIA_EXPOSED);
  return reply
    .code(204)
    .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
    .header('access-control-allow-headers', 'Range')
    .header('access-control-max-age', '600')
    .send();
}

/** The viewer's country and whether the stream's geoblock lets them in. The country database is
 * read at the first call (docs/server.md "Memory"). */
export async function geoCheck(
  app: FastifyInstance,
  request: FastifyRequest,
  security: Security | null,
): Promise<{ country: string | null; allowed: boolean }> {
  await app.playback.geo.ready();
  const country = countryOf(request, app.playback.geo, app.config.trustedCountryHeader);
  const allowed = security ? geoAllows(security.geoAccessControl, security.geoRegionList, country) : true;
  return { country, allowed };
}

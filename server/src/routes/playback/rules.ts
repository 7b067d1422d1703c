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

/** The viewer's country and whether the stream's geoblock lets them in. */
export function geoCheck(
  app: FastifyInstance,
  request: FastifyRequest,
  security: Security | null,
): { country: string | null; allowed: boolean } {
  const country = countryOf(request, app.playback.geo, app.config.trustedCountryHeader);
  const allowed = security ? geoAllows(security.geoAccessControl, security.geoRegionList, country) : true;
  return { country, allowed };
}

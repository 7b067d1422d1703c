import { originOf } from '@contract/origin';

/** What an embed page plays, from its path: `/embed/{liveId}` or `/embed/vod/{videoId}`. */
export interface EmbedTarget {
  kind: 'live' | 'vod';
  id: string;
}

const ID = /^[A-Za-z0-9-]{1,100}$/;

export function targetOf(pathname: string): EmbedTarget | null {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] !== 'embed') return null;
  const [kind, id] = parts.length === 3 && parts[1] === 'vod' ? ['vod', parts[2]] : ['live', parts[1]];
  if (parts.length > 3 || (kind === 'live' && (parts.length !== 2 || id === 'vod')) || !id || !ID.test(id))
    return null;
  return { kind: kind as EmbedTarget['kind'], id };
}

/** The playback endpoint of a target (docs/playback.md), asked for the embedding page's origin; a
 * renewal sends the previous answer's sessionId, so that the viewer keeps its viewer ID. */
export function playbackPath(
  target: EmbedTarget,
  origin: string | null,
  sessionId?: string | null,
  attendee?: string | null,
  newView = false,
): string {
  const base =
    target.kind === 'live'
      ? `/v1/public/lives/${encodeURIComponent(target.id)}/playback`
      : `/v1/public/videos/${encodeURIComponent(target.id)}/playback`;
  const query = new URLSearchParams();
  if (origin) query.set('origin', origin);
  if (sessionId) query.set('sessionId', sessionId);
  if (attendee) query.set('attendee', attendee);
  if (sessionId && newView) query.set('newView', 'true');
  const search = query.toString();
  return search ? `${base}?${search}` : base;
}

/**
 * The origin of the page that embeds the player: the frame's first ancestor (Chromium, Safari), else the
 * referrer's origin (Firefox; a referrer policy may hide it), else none when the player is not framed.
 */
export function embeddingOrigin(w: {
  top: unknown;
  self: unknown;
  location: { ancestorOrigins?: { length: number; [index: number]: string } };
  document: { referrer: string };
}): string | null {
  if (w.top === w.self) return null;
  const ancestors = w.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0 && ancestors[0]) return originOf(ancestors[0]);
  return w.document.referrer ? originOf(w.document.referrer) : null;
}

/**
 * The part of a signed media URL that carries the token (`…/play/{kind}/{id}/{token}/`): a renewed
 * token replaces it in every later request of the same player, so playback goes on without a reload.
 */
const SIGNED_PREFIX = /^(.*?\/play\/(?:live|vod)\/[^/]+\/)[^/]+\//;

export function signedPrefix(url: string): string | null {
  return SIGNED_PREFIX.exec(url)?.[0] ?? null;
}

/** `uri` with its signed prefix swapped for `prefix` when both name the same live/video. */
export function withToken(uri: string, prefix: string): string {
  const current = SIGNED_PREFIX.exec(uri);
  const next = SIGNED_PREFIX.exec(prefix);
  if (!current || !next || current[1] !== next[1]) return uri;
  return prefix + uri.slice(current[0].length);
}

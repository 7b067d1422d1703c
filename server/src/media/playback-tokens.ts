import { createHmac, type KeyObject, timingSafeEqual } from 'node:crypto';
import { derivedHmacKey } from '../lib/hmac-key.ts';

export type PlaybackKind = 'live' | 'vod';

/** A viewer's media token lives this long (plus up to one rounding step); the player renews it. */
export const PLAYBACK_TTL_SECONDS = 3600;
/** Expiries are rounded up to this step, so every viewer of a resource in one step gets the same URLs
 * (a CDN in front caches one copy of each segment, not one per viewer). */
const STEP_SECONDS = 600;

/**
 * Playback tokens `{exp}.{sig}` signed over `{kind}/{id}/{exp}`: bound to one live or one video, so a
 * token of one never opens another (nor a console media URL: the key is derived for this use only).
 * They sit in the path (`/play/{kind}/{id}/{token}/…`) so the relative URLs of HLS playlists keep them.
 */
export class PlaybackSigner {
  private readonly key: KeyObject;

  constructor(secret: string | Uint8Array) {
    this.key = derivedHmacKey(secret, 'palco-playback-v1');
  }

  private sign(kind: PlaybackKind, id: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${kind}/${id}/${exp}`).digest('base64url');
  }

  /** A token valid for at least `ttlSeconds` from `nowSeconds`. */
  issue(
    kind: PlaybackKind,
    id: string,
    ttlSeconds = PLAYBACK_TTL_SECONDS,
    nowSeconds = Math.floor(Date.now() / 1000),
  ): { token: string; exp: number } {
    const exp = Math.ceil((nowSeconds + ttlSeconds) / STEP_SECONDS) * STEP_SECONDS;
    return { token: `${exp}.${this.sign(kind, id, exp)}`, exp };
  }

  /** True when the token was issued by this server for this resource and has not expired. */
  verify(kind: PlaybackKind, id: string, token: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return false;
    const exp = Number(match[1]);
    if (exp < nowSeconds) return false;
    const expected = Buffer.from(this.sign(kind, id, exp));
    const given = Buffer.from(match[2]!);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

import { createHmac, type KeyObject, timingSafeEqual } from 'node:crypto';
import { derivedHmacKey } from '../lib/hmac-key.ts';

const HOUR = 3600;
/** URLs live 6 to 7 hours: the expiry is rounded up to the hour so a URL is stable for an hour. */
const TTL_SECONDS = 6 * HOUR;

/**
 * Signed media URLs: `/media/{accountId}/{videoId}/{exp}.{sig}/{file}`. The signature sits in the path
 * so the relative URLs inside HLS playlists resolve under the same signed prefix (a player cannot add
 * a Bearer header to every segment request).
 */
export class MediaSigner {
  private readonly key: KeyObject;

  constructor(secret: string | Uint8Array) {
    // A key of its own, derived from the server secret: a media signature is never a valid JWT MAC.
    this.key = derivedHmacKey(secret, 'palco-media-urls-v1');
  }

  private sign(accountId: string, videoId: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${accountId}/${videoId}/${exp}`).digest('base64url');
  }

  /**
   * `{exp}.{sig}` for one media folder of an account: a video's id, or `live/{streamId}/{signalId}` for
   * a signal's live preview (never a valid video id, so one cannot open the other).
   */
  token(accountId: string, id: string, nowSeconds = Math.floor(Date.now() / 1000)): string {
    const exp = Math.ceil((nowSeconds + TTL_SECONDS) / HOUR) * HOUR;
    return `${exp}.${this.sign(accountId, id, exp)}`;
  }

  /** The signed prefix of one video's media, ending without a slash. */
  prefix(accountId: string, videoId: string, nowSeconds = Math.floor(Date.now() / 1000)): string {
    return `/media/${accountId}/${videoId}/${this.token(accountId, videoId, nowSeconds)}`;
  }

  url(accountId: string, videoId: string, file: string): string {
    return `${this.prefix(accountId, videoId)}/${file}`;
  }

  /** True when `token` (`{exp}.{sig}`) is this server's and has not expired. */
  verify(
    accountId: string,
    videoId: string,
    token: string,
    nowSeconds = Math.floor(Date.now() / 1000),
  ): boolean {
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return false;
    const exp = Number(match[1]);
    if (exp < nowSeconds) return false;
    const expected = Buffer.from(this.sign(accountId, videoId, exp));
    const given = Buffer.from(match[2]!);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

import type { PlaybackInfo } from '@contract/playback';

export type LikeInfo = Pick<PlaybackInfo, 'kind' | 'sessionId'> & { likeUrl?: string | null };

/** Whether the player offers the like button: a VOD whose answer names where to like it. */
export const canLike = (info: LikeInfo): boolean => info.kind === 'vod' && Boolean(info.likeUrl);

/**
 * The call that likes (`liked` true) or stops liking a VOD for this playback session: `POST` or
 * `DELETE` of `{sessionId}` to the answer's `likeUrl`, with no cookie (the player holds no session;
 * the signed playback session says who). Null when there is nothing to like: a live, or a VOD whose
 * answer has no `likeUrl`.
 */
export function likeRequest(
  info: LikeInfo,
  liked: boolean,
  base: string = location.href,
): { url: string; init: RequestInit } | null {
  if (!canLike(info) || !info.likeUrl) return null;
  return {
    url: new URL(info.likeUrl, base).href,
    init: {
      method: liked ? 'POST' : 'DELETE',
      credentials: 'omit',
      cache: 'no-store',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: info.sessionId }),
    },
  };
}

export interface LikeToggle {
  /** What the button shows: the viewer's last choice while it is being sent, else what the server has. */
  readonly liked: boolean;
  /** The viewer pressed the button. */
  toggle(): void;
}

/**
 * The like button's state: a press shows at once (optimistic) and is sent; a failed call (a network
 * error, 403 for a session that is no longer valid, a 5xx) puts back what the server last accepted.
 * Presses made while a call is under way are not lost: once it ends, the latest choice is sent if it
 * differs from what the server has, so quick double presses cost at most one more call. `info()` is
 * read at each call, so a renewed playback session is used from then on.
 */
export function createLikeToggle(
  info: () => LikeInfo,
  onChange: (liked: boolean) => void,
  fetchImpl: typeof fetch = fetch,
  base?: string,
): LikeToggle {
  let confirmed = false;
  let wanted = false;
  let sending = false;

  const send = async () => {
    sending = true;
    try {
      while (wanted !== confirmed) {
        const target = wanted;
        const request = likeRequest(info(), target, base);
        const ok = request
          ? await fetchImpl(request.url, request.init).then(
              (res) => res.ok,
              () => false,
            )
          : false;
        if (!ok) {
          wanted = confirmed;
          onChange(confirmed);
          return;
        }
        confirmed = target;
      }
    } finally {
      sending = false;
    }
  };

  return {
    get liked() {
      return wanted;
    },
    toggle() {
      wanted = !wanted;
      onChange(wanted);
      if (!sending) void send();
    },
  };
}

/**
 * A live's picture that stays still while it is meant to play: the page starts its player again
 * (docs/playback.md "The embed player (emb)", its "A frozen live player"). A stall of the live itself (segments late at the edge)
 * ends well within FROZEN_MS; a player that never recovers from one (seen once: shaka polling its media
 * playlist with no segment asked, the picture frozen for good) would otherwise hold the viewer there
 * while the live goes on.
 */
export const FROZEN_MS = 20_000;
/** How often the playhead is looked at. */
export const FROZEN_CHECK_MS = 2_000;

/** What the watch reads of the video element and the page. */
export interface FrozenWatchDeps {
  now: () => number;
  repeat: (run: () => void, ms: number) => () => void;
  /** The page is in the background: a browser may stop decoding a hidden muted video there. */
  hidden: () => boolean;
}

const browser: FrozenWatchDeps = {
  now: () => Date.now(),
  repeat(run, ms) {
    const timer = setInterval(run, ms);
    return () => clearInterval(timer);
  },
  hidden: () => document.hidden,
};

/**
 * Calls `onFrozen` once when `video`'s playhead has not moved for FROZEN_MS while it was meant to play
 * (not paused, not ended, the page visible), then stops watching. Answers a stop function.
 */
export function watchFrozen(
  video: Pick<HTMLVideoElement, 'currentTime' | 'paused' | 'ended'>,
  onFrozen: () => void,
  deps: FrozenWatchDeps = browser,
): () => void {
  let last = video.currentTime;
  let stillSince = deps.now();
  const stop = deps.repeat(() => {
    const now = deps.now();
    // Paused, ended or hidden: the picture is meant to stand still; the time starts again after.
    if (video.paused || video.ended || deps.hidden() || video.currentTime !== last) {
      last = video.currentTime;
      stillSince = now;
      return;
    }
    if (now - stillSince < FROZEN_MS) return;
    stop();
    onFrozen();
  }, FROZEN_CHECK_MS);
  return stop;
}

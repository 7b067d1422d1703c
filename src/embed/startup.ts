import type { PlaybackInfo } from '@contract/playback';

/**
 * When a view began, epoch ms: the first view of a page at the page's navigation (`timeOrigin`: the
 * embed plays by itself, so opening the page is the viewer's intent, and the startup time telemetry
 * reports is the one the viewer waited, docs/playback.md "Startup time"); a later view (a live that came
 * back, a retry) at `now`.
 */
export function playIntentAt(firstView: boolean, timeOrigin: number, now: number): number {
  return firstView && Number.isFinite(timeOrigin) && timeOrigin > 0 && timeOrigin <= now
    ? Math.round(timeOrigin)
    : now;
}

/** The tallest rendition a live starts on: its first segment is small (a 360p segment is a fifth of a
 * 720p one) and shaka's first bandwidth estimate, taken on it, would otherwise move up and fetch 720p
 * segments before the first frame (docs/playback.md "Startup time"). */
export const FIRST_RENDITION_MAX_HEIGHT = 360;

/**
 * shaka's ABR restrictions until the first frame: a live starts on its lowest renditions (shaka takes the
 * lowest one when none is that short, e.g. a ladder of the source alone); a VOD is left to shaka's
 * estimate, its first segment being short already. `liftedStartConfig` undoes it once the video plays.
 */
export function startConfig(info: Pick<PlaybackInfo, 'kind'>): object {
  if (info.kind !== 'live') return {};
  return { abr: { restrictions: { maxHeight: FIRST_RENDITION_MAX_HEIGHT } } };
}

/** The restrictions `startConfig` set, lifted: shaka's ABR may switch up from the first frame on. */
export function liftedStartConfig(info: Pick<PlaybackInfo, 'kind'>): object | null {
  if (info.kind !== 'live') return null;
  return { abr: { restrictions: { maxHeight: Number.POSITIVE_INFINITY } } };
}

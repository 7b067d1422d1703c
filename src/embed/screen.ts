import type { PlaybackInfo } from '@contract/playback';
import type { PlaybackFailure } from './playback';

/** What the page shows instead of the video, for an answer of the playback endpoint. */
export type Screen =
  | { kind: 'play'; manifestUrl: string | null }
  | { kind: 'recording'; videoId: string }
  | { kind: 'scheduled'; image: string | null; startsAt: string | null }
  | { kind: 'paused'; image: string | null }
  | { kind: 'finished'; image: string | null }
  | { kind: 'waiting'; image: string | null }
  | { kind: 'error'; reason: PlaybackFailure };

/**
 * The one thing to show for a playback answer. A live that is on air but has no media yet waits (the
 * encoder has not sent the first segments), unless it offers WHEP; a finished live whose recording is
 * ready plays it.
 */
export function screenOf(info: PlaybackInfo): Screen {
  const { banners } = info;
  switch (info.status) {
    case 'scheduled':
      return {
        kind: 'scheduled',
        image: banners.startSoonScreen ?? banners.thumbnail,
        startsAt: info.scheduledStartTime,
      };
    case 'paused':
      return { kind: 'paused', image: banners.pauseScreen ?? banners.thumbnail };
    case 'finished':
      if (info.recordingVideoId) return { kind: 'recording', videoId: info.recordingVideoId };
      return { kind: 'finished', image: banners.endingScreen ?? banners.thumbnail };
    default:
      // An ultra-low live published over WHIP plays over WHEP before its HLS fallback is ready.
      if (info.manifestUrl || (info.kind === 'live' && info.whepUrl))
        return { kind: 'play', manifestUrl: info.manifestUrl };
      return { kind: 'waiting', image: banners.thumbnail };
  }
}

/** The scheduled start in the viewer's language and time zone. */
export function formatStart(iso: string, locale: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
}

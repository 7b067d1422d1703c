import { numberFormat } from '@/lib/intl';
import type { SignalStatus } from '../api/get-signals-status';

/** SPEC §9: the frame rate limit set for the account. */
export const FPS_LIMIT = 30;

type Video = Pick<SignalStatus, 'publishing' | 'width' | 'height' | 'fps'>;

/** What a publishing signal receives, e.g. '1280×720 · 30 fps'; '' when nothing is known. */
export function videoLabel(video: Video, locale: string): string {
  if (!video.publishing) return '';
  const parts: string[] = [];
  if (video.width !== null && video.height !== null) parts.push(`${video.width}×${video.height}`);
  if (video.fps !== null) {
    parts.push(`${numberFormat(locale, { maximumFractionDigits: 2 }).format(video.fps)} fps`);
  }
  return parts.join(' · ');
}

/** SPEC §8: two or more publishing signals whose known resolutions differ. */
export function mixedLiveResolutions(videos: readonly Video[]): boolean {
  const sizes = new Set(
    videos
      .filter((v) => v.publishing && v.width !== null && v.height !== null)
      .map((v) => `${v.width}x${v.height}`),
  );
  return sizes.size > 1;
}

/** SPEC §9: a publishing signal over the account's frame rate limit. */
export const overFpsLimit = (video: Video) => video.publishing && video.fps !== null && video.fps > FPS_LIMIT;

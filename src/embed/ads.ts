/** VAST pre-/post-rolls through @dailymotion/vast-client (loaded only when a stream has an ad). An ad
 * that fails in any way — no answer, no playable file, an error while playing, too slow — is skipped:
 * it never holds up the content. */

/** The parts of the library's tracker used here (it fires the VAST pixels itself). */
export interface AdTracker {
  trackImpression(): void;
  errorWithCode(code: string): void;
  setProgress(seconds: number): void;
  setDuration(seconds: number): void;
  complete(): void;
}

export interface LinearAd {
  mediaUrl: string;
  tracker: AdTracker;
}

interface MediaFile {
  fileURL: string | null;
  mimeType: string | null;
  width: number;
}
interface Creative {
  type: string;
  mediaFiles?: MediaFile[];
}
interface Ad {
  creatives: Creative[];
}

/** The file a browser plays: mp4 (or webm), the widest that fits the player. */
export function pickMediaFile(files: readonly MediaFile[], maxWidth: number): string | null {
  const playable = files.filter(
    (f) => f.fileURL && (f.mimeType === 'video/mp4' || f.mimeType === 'video/webm'),
  );
  const fitting = playable.filter((f) => !f.width || f.width <= Math.max(maxWidth, 640));
  const best = (fitting.length ? fitting : playable).sort((a, b) => b.width - a.width)[0];
  return best?.fileURL?.trim() ?? null;
}

/** Fetches and parses a VAST document (following wrappers) and picks its first playable linear ad. */
export async function loadAd(vastUrl: string, maxWidth: number, timeoutMs: number): Promise<LinearAd | null> {
  const { VASTClient, VASTTracker } = await import('@dailymotion/vast-client');
  const client = new VASTClient();
  const response = (await client.get(vastUrl, { timeout: timeoutMs, withCredentials: false })) as {
    ads: Ad[];
  };
  for (const ad of response.ads) {
    for (const creative of ad.creatives) {
      if (creative.type !== 'linear') continue;
      const mediaUrl = pickMediaFile(creative.mediaFiles ?? [], maxWidth);
      const tracker = new VASTTracker(client, ad as never, creative as never) as unknown as AdTracker;
      if (mediaUrl) return { mediaUrl, tracker };
      // VAST 403: no supported media file.
      tracker.errorWithCode('403');
    }
  }
  return null;
}

const LOAD_TIMEOUT_MS = 5_000;
/** An ad that has not started this long after its file was asked for is given up. */
const START_TIMEOUT_MS = 8_000;

/**
 * Plays one ad in its own video element over the player, resolving when it ends or is given up. The
 * impression pixel fires when the ad starts, the error pixel when it fails (VAST 400/405).
 */
export async function playAd(vastUrl: string, host: HTMLElement, label: string): Promise<void> {
  let ad: LinearAd | null;
  try {
    ad = await loadAd(vastUrl, host.clientWidth, LOAD_TIMEOUT_MS);
  } catch {
    return;
  }
  if (!ad) return;
  const { mediaUrl, tracker } = ad;
  const layer = document.createElement('div');
  layer.className = 'ad';
  layer.dataset.testid = 'ad';
  const badge = document.createElement('span');
  badge.className = 'ad-badge';
  badge.textContent = label;
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.src = mediaUrl;
  layer.append(video, badge);
  host.append(layer);
  await new Promise<void>((resolve) => {
    let started = false;
    const done = () => {
      clearTimeout(timer);
      layer.remove();
      resolve();
    };
    const timer = setTimeout(() => {
      if (!started) tracker.errorWithCode('402');
      done();
    }, START_TIMEOUT_MS);
    video.addEventListener('playing', () => {
      if (started) return;
      started = true;
      clearTimeout(timer);
      tracker.trackImpression();
    });
    video.addEventListener('loadedmetadata', () => tracker.setDuration(video.duration));
    video.addEventListener('timeupdate', () => tracker.setProgress(video.currentTime));
    video.addEventListener('ended', () => {
      tracker.complete();
      done();
    });
    video.addEventListener('error', () => {
      tracker.errorWithCode(started ? '400' : '405');
      done();
    });
    video.play().catch(() => {
      tracker.errorWithCode('400');
      done();
    });
  });
}

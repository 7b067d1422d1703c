import type { PlaybackInfo } from './types';

/**
 * Player telemetry (issue 17 point 4, docs/playback.md "Beacons"): start, startup time or failure,
 * exit before start, rebuffers, rendition changes, a heartbeat every 10 s (with CMCD keys read from
 * shaka's stats) and end, posted in batches to `info.beaconUrl`; the last batch goes by sendBeacon
 * when the page is hidden for good.
 */

export const HEARTBEAT_MS = 10_000;
/** The server takes at most this many events per post. */
export const MAX_EVENTS_PER_POST = 20;

export interface BeaconEvent {
  type: string;
  at: number;
  rendition?: string;
  bitrateKbps?: number;
  startupMs?: number;
  rebufferMs?: number;
  error?: string;
  cmcd?: Record<string, number | string>;
}

/** What telemetry reads of shaka's player (the lazy import keeps its types out of this module). */
interface ShakaLike extends EventTarget {
  getStats?(): { streamBandwidth?: number; estimatedBandwidth?: number; height?: number };
  getVariantTracks?(): { active: boolean; height: number | null; bandwidth: number; audioOnly?: boolean }[];
}
interface VideoLike extends EventTarget {
  readonly currentTime: number;
  readonly buffered: { length: number; end(i: number): number };
}

export interface TelemetryDeps {
  /** Posts one batch; `final` when the page is going away (sendBeacon). */
  send(body: string, final: boolean): void;
  now(): number;
}

const kbps = (bps: number | undefined) => (bps && Number.isFinite(bps) ? Math.round(bps / 1000) : undefined);

/** One playback session's beacons. */
export class Telemetry {
  private queue: BeaconEvent[] = [];
  private started = false;
  private failed = false;
  private stopped = false;
  private rebufferSince: number | null = null;
  private rendition: string | undefined;
  private readonly t0: number;

  constructor(
    private readonly info: Pick<PlaybackInfo, 'sessionId' | 'kind' | 'manifestType'>,
    private readonly player: ShakaLike,
    private readonly video: VideoLike,
    private readonly deps: TelemetryDeps,
  ) {
    this.t0 = deps.now();
    this.push({ type: 'start' });
    video.addEventListener('playing', this.onPlaying);
    player.addEventListener('error', this.onError);
    player.addEventListener('buffering', this.onBuffering);
    player.addEventListener('adaptation', this.onAdaptation);
    player.addEventListener('variantchanged', this.onAdaptation);
  }

  private push(event: Omit<BeaconEvent, 'at'>): void {
    this.queue.push({ ...event, at: this.deps.now() });
  }

  private active() {
    const track = this.player.getVariantTracks?.().find((t) => t.active);
    if (!track) return {};
    const rendition = track.height ? `${track.height}p` : track.audioOnly ? 'audio' : undefined;
    return {
      ...(rendition ? { rendition } : {}),
      ...(kbps(track.bandwidth) ? { bitrateKbps: kbps(track.bandwidth) } : {}),
    };
  }

  private readonly onPlaying = () => {
    if (this.started) return;
    this.started = true;
    const active = this.active();
    this.rendition = active.rendition;
    this.push({ type: 'startup', startupMs: Math.max(0, this.deps.now() - this.t0), ...active });
  };

  private readonly onError = (event: Event) => {
    if (this.started || this.failed) return;
    this.failed = true;
    const code = (event as Event & { detail?: { code?: number } }).detail?.code;
    this.push({ type: 'startup_failed', ...(code !== undefined ? { error: String(code) } : {}) });
    this.flush(false);
  };

  private readonly onBuffering = (event: Event) => {
    if (!this.started) return;
    const buffering = (event as Event & { buffering?: boolean }).buffering;
    if (buffering && this.rebufferSince === null) {
      this.rebufferSince = this.deps.now();
      this.push({ type: 'rebuffer_start' });
    } else if (!buffering && this.rebufferSince !== null) {
      this.push({ type: 'rebuffer_end', rebufferMs: this.deps.now() - this.rebufferSince });
      this.rebufferSince = null;
    }
  };

  private readonly onAdaptation = () => {
    const active = this.active();
    if (!this.started || !active.rendition || active.rendition === this.rendition) return;
    this.rendition = active.rendition;
    this.push({ type: 'rendition', ...active });
  };

  /** CMCD keys (CTA-5004) from shaka's stats and the buffer ahead of the playhead. */
  cmcd(): Record<string, number | string> {
    const stats = this.player.getStats?.() ?? {};
    const tracks = this.player.getVariantTracks?.() ?? [];
    const { buffered, currentTime } = this.video;
    const ahead = buffered.length > 0 ? Math.max(0, buffered.end(buffered.length - 1) - currentTime) : 0;
    const top = Math.max(0, ...tracks.map((t) => t.bandwidth));
    const out: Record<string, number | string> = {
      bl: Math.round(ahead * 1000),
      sf: this.info.manifestType === 'dash' ? 'd' : 'h',
      st: this.info.kind === 'live' ? 'l' : 'v',
    };
    const br = kbps(stats.streamBandwidth);
    const mtp = kbps(stats.estimatedBandwidth);
    const tb = kbps(top);
    if (br) out.br = br;
    if (mtp) out.mtp = mtp;
    if (tb) out.tb = tb;
    return out;
  }

  heartbeat(): void {
    if (this.stopped) return;
    this.push({ type: 'heartbeat', ...this.active(), cmcd: this.cmcd() });
    this.flush(false);
  }

  /** Sends what is queued, in posts of at most MAX_EVENTS_PER_POST events. */
  flush(final: boolean): void {
    while (this.queue.length > 0) {
      const events = this.queue.splice(0, MAX_EVENTS_PER_POST);
      this.deps.send(JSON.stringify({ sessionId: this.info.sessionId, events }), final);
    }
  }

  /** The viewer left (or the page stopped the player): end, or exit before start; sent at once. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    if (this.rebufferSince !== null)
      this.push({ type: 'rebuffer_end', rebufferMs: this.deps.now() - this.rebufferSince });
    if (!this.failed) this.push({ type: this.started ? 'end' : 'exit_before_start' });
    this.flush(true);
    this.video.removeEventListener('playing', this.onPlaying);
    this.player.removeEventListener('error', this.onError);
    this.player.removeEventListener('buffering', this.onBuffering);
    this.player.removeEventListener('adaptation', this.onAdaptation);
    this.player.removeEventListener('variantchanged', this.onAdaptation);
  }
}

/** Starts the beacons of one playback; the returned function ends them (and sends `end`). */
export function startTelemetry(o: {
  info: PlaybackInfo;
  player: unknown;
  video: HTMLVideoElement;
}): () => void {
  const url = o.info.beaconUrl;
  const telemetry = new Telemetry(o.info, o.player as ShakaLike, o.video, {
    now: () => Date.now(),
    send(body, final) {
      // sendBeacon survives the page going away; it posts a string as text/plain, which the server takes.
      if (final && navigator.sendBeacon?.(url, body)) return;
      void fetch(url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
        keepalive: true,
        credentials: 'omit',
      }).catch(() => {});
    },
  });
  telemetry.flush(false);
  const timer = setInterval(() => telemetry.heartbeat(), HEARTBEAT_MS);
  const stop = () => {
    clearInterval(timer);
    removeEventListener('pagehide', onPageHide);
    telemetry.stop();
  };
  // A page kept in the back/forward cache may come back: only a final hide ends the session.
  const onPageHide = (event: PageTransitionEvent) => {
    if (event.persisted) telemetry.flush(true);
    else stop();
  };
  addEventListener('pagehide', onPageHide);
  return stop;
}

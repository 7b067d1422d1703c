import type { PlaybackInfo } from '@contract/playback';
import { CRITICAL } from './shaka';

/**
 * Player telemetry (docs/analytics.md "Definitions" and "Beacon contract", docs/playback.md "Beacons").
 * A view starts at the play intent (the embed autoplays: when it decides to play), before shaka
 * loads: `start` is posted at once, and a load error, an unsupported browser or a viewer leaving
 * during the load or the pre-roll are counted. The player is attached once it exists; from then on
 * state changes (first frame, stalls, pauses, renditions) are posted within about a second, a
 * heartbeat every 10 s (with CMCD keys read from shaka's stats), and every event carries the time
 * spent playing, rebuffering and paused since the previous one. The last batch goes by sendBeacon when
 * the page is hidden for good.
 */

export const HEARTBEAT_MS = 10_000;
/** State changes wait this long, so that a burst of them goes in one post. */
export const DEBOUNCE_MS = 1_000;
/** The server takes at most this many events per post. */
export const MAX_EVENTS_PER_POST = 20;
/** Debounced posts a minute, at most (the server takes BEACONS_PER_MINUTE, 30, heartbeats included):
 * past it, state changes wait for the next heartbeat. */
export const STATE_POSTS_PER_MINUTE = 20;
/** The server's bound on a duration field (24 h). */
const MAX_MS = 86_400_000;

/** shaka.net.NetworkingEngine.RequestType: which request a response or an HTTP error belongs to. */
const REQUEST_TYPES: Record<number, string> = { 0: 'manifest', 1: 'segment', 2: 'license', 6: 'key' };
const SEGMENT_REQUEST = 1;
/** shaka.util.Error.Code.BAD_HTTP_STATUS: data[1] is the status, data[4] the request type. */
const BAD_HTTP_STATUS = 1001;

export type PlayerState = 'loading' | 'playing' | 'paused' | 'rebuffering' | 'ended';

export interface BeaconEvent {
  type: string;
  at: number;
  state?: PlayerState;
  playingMs?: number;
  rebufferingMs?: number;
  pausedMs?: number;
  playhead?: number;
  rendition?: string;
  bitrateKbps?: number;
  cdn?: string;
  startupMs?: number;
  waitedMs?: number;
  rebufferMs?: number;
  error?: string;
  cmcd?: Record<string, number | string>;
}

type ResponseFilter = (type: number, response: { headers: Record<string, string> }) => void;

/** What telemetry reads of shaka's player (the lazy import keeps its types out of this module). */
export interface ShakaLike extends EventTarget {
  /** Who delivers the media when no response names it: `webrtc` for a WHEP player (whep.ts). */
  deliveredBy?(): string;
  getStats?(): { streamBandwidth?: number; estimatedBandwidth?: number };
  getVariantTracks?(): { active: boolean; height: number | null; bandwidth: number; audioOnly?: boolean }[];
  getNetworkingEngine?(): {
    registerResponseFilter(filter: ResponseFilter): void;
    unregisterResponseFilter?(filter: ResponseFilter): void;
  } | null;
}
export interface VideoLike extends EventTarget {
  readonly currentTime: number;
  readonly paused: boolean;
  readonly seeking: boolean;
  readonly ended: boolean;
  readonly buffered: { length: number; end(i: number): number };
  /** The decoded picture's height (0 before the first frame). */
  readonly videoHeight?: number;
}

export interface TelemetryDeps {
  /** Posts one batch; `final` when the page is going away (sendBeacon). */
  send(body: string, final: boolean): void;
  now(): number;
  /** Runs `run` once after `ms`; the answer cancels it. */
  schedule(run: () => void, ms: number): () => void;
}

/** A shaka error's `detail` (shaka.util.Error), or the error a load rejected with. */
interface ErrorLike {
  code?: unknown;
  severity?: unknown;
  data?: unknown;
}

const kbps = (bps: number | undefined) => (bps && Number.isFinite(bps) ? Math.round(bps / 1000) : undefined);

/** `text` inside a beacon field's pattern: runs of other characters become one space. */
function sanitize(text: string, allowed: RegExp, max: number): string {
  return text.replace(allowed, ' ').replace(/\s+/g, ' ').trim().slice(0, max).trim();
}

/**
 * The `error` of a failure: shaka's numeric code, `{request}_http_{status}` for an HTTP error with a
 * status (`manifest_http_500`), an error's own string code (`unsupported`), else `unknown`.
 */
export function errorCode(error: unknown): string {
  const e = (error && typeof error === 'object' ? error : {}) as ErrorLike;
  let code: string | null = null;
  if (e.code === BAD_HTTP_STATUS && Array.isArray(e.data) && typeof e.data[1] === 'number') {
    const request = typeof e.data[4] === 'number' ? REQUEST_TYPES[e.data[4]] : undefined;
    code = `${request ? `${request}_` : ''}http_${e.data[1]}`;
  } else if (typeof e.code === 'number' || typeof e.code === 'string') code = String(e.code);
  const clean = code === null ? '' : sanitize(code, /[^A-Za-z0-9 ._:-]+/g, 64);
  return clean || 'unknown';
}

/** Who served a media segment, from its response headers (shaka lower-cases their names). */
export function cdnOf(headers: Record<string, string | undefined>): string {
  const clean = (value: string | undefined) => sanitize(value ?? '', /[^A-Za-z0-9 ._:/()-]+/g, 64);
  for (const name of ['x-cdn', 'via', 'x-served-by']) {
    const value = clean(headers[name]);
    if (value) return value;
  }
  return headers['cf-ray'] ? 'cloudflare' : 'origin';
}

/** One view's beacons: from the play intent to a final event. */
export class Telemetry {
  private queue: BeaconEvent[] = [];
  private player: ShakaLike | null = null;
  private video: VideoLike | null = null;
  /** Set once a final event is queued: nothing follows it. */
  private closed = false;
  private started = false;
  private state: PlayerState = 'loading';
  private stateSince: number;
  /** Time in each state since the play intent, and the part of it already reported. */
  private readonly spent = { playing: 0, rebuffering: 0, paused: 0 };
  private readonly reported = { playing: 0, rebuffering: 0, paused: 0 };
  /** The playhead when the video last said `playing` before the first frame (null: not playing). */
  private playingFrom: number | null = null;
  /** When that `playing` came (epoch ms): the first frame's time once the playhead moves from there. */
  private playingAt: number | null = null;
  /** shaka's buffering flag. */
  private buffering = false;
  /** When the current stall began (null: none). A wait after a seek or while paused is no stall. */
  private stallSince: number | null = null;
  /** The playhead when shaka stopped buffering during the stall (null: still buffering, or no stall).
   * The stall ends when the picture moves on from there, not when shaka's flag goes off: at a live edge
   * the flag can go off and on several times while the picture stays frozen (docs/analytics.md "A stall
   * lasts until the picture moves"). */
  private resumeFrom: number | null = null;
  /** When shaka's flag went off (epoch ms): the stall did not end before. */
  private resumeAt = 0;
  /** When `resumeFrom` was taken (epoch ms): how far the playhead can have played since. */
  private resumeFromAt = 0;
  private rendition: string | undefined;
  private cdn: string | undefined;
  private cancelFlush: (() => void) | null = null;
  private cancelBeat: (() => void) | null = null;
  private posts: number[] = [];
  private readonly t0: number;
  /** The session the posts name: the view's own, then its latest renewal (see `renew`). */
  private session: string;

  constructor(
    private readonly info: Pick<PlaybackInfo, 'sessionId' | 'kind' | 'manifestType'>,
    private readonly deps: TelemetryDeps,
    /** The play intent, epoch ms (default: now). */
    intentAt?: number,
  ) {
    this.t0 = intentAt ?? deps.now();
    this.session = info.sessionId;
    this.stateSince = this.t0;
    this.queue.push({ type: 'start', at: this.t0, state: 'loading' });
    this.flush(false);
    this.beat();
  }

  /** Follows the player once it exists (before its manifest loads, so that the first segment's CDN
   * is known). Before the first frame another player may take over (WebRTC failed to start, and the
   * page plays HLS instead): the view follows the new one. */
  attach(player: ShakaLike, video: VideoLike): void {
    if (this.closed || this.started || player === this.player) return;
    this.playingFrom = null;
    this.listen(player, video);
  }

  /** After the first frame, the page handed the picture to another player (the browser's own HLS to
   * shaka, docs/playback.md "Startup time: native HLS first"): the view follows it, its startup time
   * counted already. Before the first frame this is `attach`. */
  follow(player: ShakaLike, video: VideoLike): void {
    if (!this.started) this.attach(player, video);
    else if (!this.closed && player !== this.player) this.listen(player, video);
  }

  private listen(player: ShakaLike, video: VideoLike): void {
    this.unlisten();
    this.player = player;
    this.video = video;
    this.cdn = player.deliveredBy?.();
    video.addEventListener('playing', this.onPlaying);
    video.addEventListener('timeupdate', this.onTimeUpdate);
    video.addEventListener('seeked', this.onSeeked);
    video.addEventListener('pause', this.onPause);
    video.addEventListener('play', this.onPlay);
    video.addEventListener('ended', this.onEnded);
    // The picture's size changed: another rendition reached the screen.
    video.addEventListener('resize', this.onAdaptation);
    player.addEventListener('error', this.onError);
    player.addEventListener('buffering', this.onBuffering);
    player.addEventListener('adaptation', this.onAdaptation);
    player.addEventListener('variantchanged', this.onAdaptation);
    player.getNetworkingEngine?.()?.registerResponseFilter(this.onResponse);
  }

  private detach(): void {
    this.cancelBeat?.();
    this.cancelFlush?.();
    this.cancelBeat = this.cancelFlush = null;
    this.unlisten();
  }

  private unlisten(): void {
    const { player, video } = this;
    if (!player || !video) return;
    video.removeEventListener('playing', this.onPlaying);
    video.removeEventListener('timeupdate', this.onTimeUpdate);
    video.removeEventListener('seeked', this.onSeeked);
    video.removeEventListener('pause', this.onPause);
    video.removeEventListener('play', this.onPlay);
    video.removeEventListener('ended', this.onEnded);
    video.removeEventListener('resize', this.onAdaptation);
    player.removeEventListener('error', this.onError);
    player.removeEventListener('buffering', this.onBuffering);
    player.removeEventListener('adaptation', this.onAdaptation);
    player.removeEventListener('variantchanged', this.onAdaptation);
    player.getNetworkingEngine?.()?.unregisterResponseFilter?.(this.onResponse);
  }

  /** Moves to `state` (at `at`, now by default), counting the time spent in the one it leaves. */
  private enter(state: PlayerState, at = this.deps.now()): void {
    if (this.state === 'playing' || this.state === 'rebuffering' || this.state === 'paused')
      this.spent[this.state] += Math.max(0, at - this.stateSince);
    this.state = state;
    this.stateSince = Math.max(this.stateSince, at);
  }

  /** The rendition playing, named by the picture's own height when the video has one: a manifest's
   * declared height may be missing or not what the decoder gets, and analytics must report what the
   * viewer sees (docs/playback.md "Quality menu"). */
  private active(): Pick<BeaconEvent, 'rendition' | 'bitrateKbps'> {
    const track = this.player?.getVariantTracks?.().find((t) => t.active);
    if (!track) return {};
    const height = this.video?.videoHeight || track.height;
    const rendition = height ? `${height}p` : track.audioOnly ? 'audio' : undefined;
    const bitrateKbps = kbps(track.bandwidth);
    return { ...(rendition ? { rendition } : {}), ...(bitrateKbps ? { bitrateKbps } : {}) };
  }

  private playhead(): number | undefined {
    const t = this.video?.currentTime;
    if (t === undefined || !Number.isFinite(t)) return undefined;
    return Math.min(10_000_000, Math.max(0, Math.round(t * 10) / 10));
  }

  /** Queues an event with the state, the time spent in each state since the previous event, the
   * playhead, the rendition and the CDN. */
  private push(event: Omit<BeaconEvent, 'at'>): void {
    this.enter(this.state);
    const deltas: Record<string, number> = {};
    for (const key of ['playing', 'rebuffering', 'paused'] as const) {
      // What a bound cuts off goes with the next event: the sums stay whole.
      const delta = Math.min(MAX_MS, Math.round(this.spent[key]) - this.reported[key]);
      deltas[`${key}Ms`] = delta;
      this.reported[key] += delta;
    }
    const playhead = this.playhead();
    const { type, ...fields } = event;
    this.queue.push({
      type,
      at: this.deps.now(),
      state: this.state,
      ...deltas,
      ...(playhead !== undefined ? { playhead } : {}),
      ...this.active(),
      ...(this.cdn ? { cdn: this.cdn } : {}),
      ...fields,
    });
  }

  /** A state change: posted within DEBOUNCE_MS, unless the minute's posts are spent (then with the
   * next heartbeat). */
  private change(event: Omit<BeaconEvent, 'at'>): void {
    this.push(event);
    if (this.cancelFlush) return;
    this.cancelFlush = this.deps.schedule(() => {
      this.cancelFlush = null;
      const now = this.deps.now();
      if (this.posts.filter((at) => now - at < 60_000).length < STATE_POSTS_PER_MINUTE) this.flush(false);
    }, DEBOUNCE_MS);
  }

  /** Queues a final event (the view is over: state `ended`) and posts everything at once. */
  private finish(event: Omit<BeaconEvent, 'at'>, final: boolean): void {
    if (this.closed) return;
    this.enter('ended');
    this.push(event);
    this.closed = true;
    this.detach();
    this.flush(final);
  }

  private beat(): void {
    this.cancelBeat = this.deps.schedule(() => {
      this.heartbeat();
      if (!this.closed) this.beat();
    }, HEARTBEAT_MS);
  }

  private firstFrame(): void {
    this.started = true;
    this.playingFrom = null;
    this.buffering = false;
    this.enter('playing');
    const active = this.active();
    this.rendition = active.rendition;
    // Timed at the `playing` the playhead then moved from, not at the `timeupdate` that showed it moving
    // (those come every 250 ms): the figure a page measures from its own 'playing' event
    // (docs/playback.md "Startup time").
    const at = this.playingAt ?? this.deps.now();
    this.playingAt = null;
    this.change({ type: 'startup', startupMs: Math.min(MAX_MS, Math.max(0, at - this.t0)) });
  }

  private readonly onPlaying = () => {
    if (!this.started && this.video && !this.video.paused) {
      this.playingFrom = this.video.currentTime;
      this.playingAt = this.deps.now();
    }
  };

  /** The first frame is the first time the playhead moves after `playing`; after it, the playhead
   * moving ends a stall shaka stopped buffering for. */
  private readonly onTimeUpdate = () => {
    const video = this.video;
    if (this.started) return this.moved();
    if (this.closed || !video || this.playingFrom === null) return;
    if (video.paused || video.seeking) return;
    if (video.currentTime > this.playingFrom) this.firstFrame();
  };

  /** A seek before the first frame moves the playhead without playing it; so does one during a stall
   * (shaka moving into the live window), which is no sign of the picture moving. */
  private readonly onSeeked = () => {
    if (this.started && this.resumeFrom !== null && this.video) {
      this.resumeFrom = this.video.currentTime;
      this.resumeFromAt = this.deps.now();
    }
    if (this.started || !this.video) return;
    this.playingFrom = this.video.paused ? null : this.video.currentTime;
    // Its 'playing' (after the seek's data arrived) times the frame; without one, the moving playhead does.
    this.playingAt = null;
  };

  /** Milliseconds from `t` to `until` (now by default), within the server's bounds. */
  private since(t: number, until = this.deps.now()): number {
    return Math.min(MAX_MS, Math.max(0, until - t));
  }

  /** Ends a stall, if one is on (at `at`, now by default): `rebuffer_end`, then `next`. */
  private endStall(next: PlayerState, at = this.deps.now()): void {
    this.resumeFrom = null;
    if (this.stallSince === null) return;
    const rebufferMs = this.since(this.stallSince, at);
    this.stallSince = null;
    this.enter(next, at);
    this.change({ type: 'rebuffer_end', rebufferMs });
  }

  /** The playhead moved on from where shaka stopped buffering: the stall ended when it started moving,
   * `played` seconds of media ago (timeupdate comes every 250 ms or so), not before shaka's flag went off. */
  private moved(): void {
    const video = this.video;
    if (this.resumeFrom === null || this.closed || !video || video.paused || video.seeking) return;
    const now = this.deps.now();
    const played = video.currentTime - this.resumeFrom;
    // A playhead that went back, or jumped further than it could have played since (twice the time:
    // a live player catching up plays faster), was moved by the page loading the media again, not by
    // the picture moving: wait from there.
    if (!(played > 0) || played * 1000 > 2 * (now - this.resumeFromAt) + 300) {
      this.resumeFrom = video.currentTime;
      this.resumeFromAt = now;
      return;
    }
    // Never before the flag went off, nor before time already counted (a heartbeat's); whole
    // milliseconds, as the beacon's schema takes them.
    const at = Math.round(Math.min(now, Math.max(this.resumeAt, this.stateSince, now - played * 1000)));
    this.endStall('playing', at);
  }

  private readonly onBuffering = (event: Event) => {
    const buffering = Boolean((event as Event & { buffering?: boolean }).buffering);
    if (!this.started || this.closed || buffering === this.buffering) return;
    this.buffering = buffering;
    const video = this.video;
    // shaka has enough to play on: the stall lasts until the picture moves (moved, above).
    if (!buffering) {
      if (this.stallSince !== null) {
        this.resumeFrom = video?.currentTime ?? null;
        this.resumeAt = this.resumeFromAt = this.deps.now();
      }
      if (this.resumeFrom === null) this.endStall('playing');
    }
    // Buffering again before the picture moved: the same stall goes on.
    else if (this.stallSince !== null) this.resumeFrom = null;
    // A wait after a seek, or while paused, is no stall.
    else if (video && !video.paused && !video.seeking) {
      this.stallSince = this.deps.now();
      this.enter('rebuffering');
      this.change({ type: 'rebuffer_start' });
    }
  };

  private readonly onPause = () => {
    if (!this.started || this.closed || this.video?.ended || this.state === 'paused') return;
    // Paused time is no stall: a pause ends it (and the rest of that wait is not one either).
    this.endStall('paused');
    this.enter('paused');
    this.change({ type: 'pause' });
  };

  private readonly onPlay = () => {
    if (!this.started || this.closed || this.state !== 'paused') return;
    this.enter('playing');
    this.change({ type: 'play' });
  };

  /** The media played to its end (a VOD, or a live whose playlist closed): the view is over. */
  private readonly onEnded = () => {
    if (!this.started) return;
    this.endStall('playing');
    this.finish({ type: 'end' }, false);
  };

  private readonly onAdaptation = () => {
    const active = this.active();
    if (!this.started || this.closed || !active.rendition || active.rendition === this.rendition) return;
    this.rendition = active.rendition;
    this.change({ type: 'rendition' });
  };

  private readonly onError = (event: Event) => {
    const detail = (event as Event & { detail?: ErrorLike }).detail;
    // A recoverable error is shaka's to retry; only one that stops the player is a failure.
    if (detail?.severity === CRITICAL) this.fail(detail);
  };

  private readonly onResponse: ResponseFilter = (type, response) => {
    if (type === SEGMENT_REQUEST) this.cdn = cdnOf(response.headers ?? {});
  };

  /** A fatal error: `startup_failed` before the first frame (the player may not exist yet: a
   * manifest that does not load, an unsupported browser), `playback_failed` after it. */
  fail(error: unknown): void {
    if (this.closed) return;
    this.endStall('playing');
    this.finish(
      { type: this.started ? 'playback_failed' : 'startup_failed', error: errorCode(error) },
      false,
    );
  }

  /** CMCD keys (CTA-5004) from shaka's stats and the buffer ahead of the playhead. */
  cmcd(): Record<string, number | string> {
    const stats = this.player?.getStats?.() ?? {};
    const tracks = this.player?.getVariantTracks?.() ?? [];
    const buffered = this.video?.buffered;
    const currentTime = this.video?.currentTime ?? 0;
    const ahead =
      buffered && buffered.length > 0 ? Math.max(0, buffered.end(buffered.length - 1) - currentTime) : 0;
    const top = Math.max(0, ...tracks.map((t) => t.bandwidth));
    const out: Record<string, number | string> = {
      bl: Math.round(ahead * 1000),
      st: this.info.kind === 'live' ? 'l' : 'v',
    };
    // CMCD's streaming format names HLS and DASH; a WebRTC player has neither.
    if (!this.player?.deliveredBy) out.sf = this.info.manifestType === 'dash' ? 'd' : 'h';
    const br = kbps(stats.streamBandwidth);
    const mtp = kbps(stats.estimatedBandwidth);
    const tb = kbps(top);
    if (br) out.br = br;
    if (mtp) out.mtp = mtp;
    if (tb) out.tb = tb;
    return out;
  }

  heartbeat(): void {
    if (this.closed) return;
    this.push({ type: 'heartbeat', ...(this.player ? { cmcd: this.cmcd() } : {}) });
    this.flush(false);
  }

  /** Sends what is queued, in posts of at most MAX_EVENTS_PER_POST events. */
  flush(final: boolean): void {
    this.cancelFlush?.();
    this.cancelFlush = null;
    const now = this.deps.now();
    this.posts = this.posts.filter((at) => now - at < 60_000);
    while (this.queue.length > 0) {
      const events = this.queue.splice(0, MAX_EVENTS_PER_POST);
      this.posts.push(now);
      // After a renewal the newest session: it carries the view's key (docs/analytics.md "Beacon
      // contract"), so the view stays one view after its first session expires.
      this.deps.send(JSON.stringify({ sessionId: this.session, events }), final);
    }
  }

  /** The page renewed its playback session (a new token before the old one expires). */
  renew(sessionId: string): void {
    if (!this.closed) this.session = sessionId;
  }

  /** The viewer left (or the page stopped the player): `end` after the first frame, else
   * `exit_before_start` with the time waited since the play intent; sent at once. */
  stop(): void {
    if (this.closed) return;
    this.endStall('playing');
    if (this.started) this.finish({ type: 'end' }, true);
    else this.finish({ type: 'exit_before_start', waitedMs: this.since(this.t0) }, true);
  }
}

/** One view as the page drives it. */
export interface TelemetryView {
  /** The player exists (its manifest not loaded yet). */
  attach(player: unknown, video: HTMLVideoElement): void;
  /** After the first frame, another player took the picture over (native HLS to shaka). */
  follow(player: unknown, video: HTMLVideoElement): void;
  /** The player could not start (or stopped on an error). */
  fail(error: unknown): void;
  /** The viewer left, or the page stopped the player. */
  stop(): void;
  /** The page renewed the playback session: later posts carry the new one. */
  renew(sessionId: string): void;
}

/** Starts the beacons of one view at its play intent (`intentAt`, epoch ms), before the player
 * exists. */
export function startTelemetry(o: { info: PlaybackInfo; intentAt?: number }): TelemetryView {
  const url = o.info.beaconUrl;
  const telemetry = new Telemetry(
    o.info,
    {
      now: () => Date.now(),
      schedule(run, ms) {
        const timer = setTimeout(run, ms);
        return () => clearTimeout(timer);
      },
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
    },
    o.intentAt,
  );
  const stop = () => {
    removeEventListener('pagehide', onPageHide);
    telemetry.stop();
  };
  // A page kept in the back/forward cache may come back: only a final hide ends the view.
  const onPageHide = (event: PageTransitionEvent) => {
    if (event.persisted) telemetry.flush(true);
    else stop();
  };
  addEventListener('pagehide', onPageHide);
  return {
    attach: (player, video) => telemetry.attach(player as ShakaLike, video),
    follow: (player, video) => telemetry.follow(player as ShakaLike, video),
    fail: (error) => telemetry.fail(error),
    stop,
    renew: (sessionId) => telemetry.renew(sessionId),
  };
}

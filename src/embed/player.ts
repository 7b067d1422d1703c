import type { PlaybackInfo } from '@contract/playback';
import { mountControls } from './controls';
import { ElementPlayer } from './element-player';
import { watchFrozen } from './frozen';
import { signedPrefix, withToken } from './route';
import { CRITICAL, loadShaka, type ShakaPlayer } from './shaka';
import { liftedStartConfig, startConfig } from './startup';
import { ladderGrew } from './tracks';

export interface PlayerHandle {
  player: ShakaPlayer;
  video: HTMLVideoElement;
  /** Swaps the token of every later request for the one of a renewed playback answer, and its
   * playback session for the like button's later calls; a WebRTC player reconnects with the renewed
   * `whepUrl` when its token changed. */
  renew(manifestUrl: string | null, sessionId?: string, whepUrl?: string | null): void;
  destroy(): Promise<void>;
}

/** Told each player and its video: before the manifest loads (`handover` false), and when shaka takes
 * the picture over from the browser's own HLS after the first frame (`handover` true). */
export type OnPlayer = (player: ShakaPlayer, video: HTMLVideoElement, handover?: boolean) => void;

/** When a live's player looks at its master playlist again after loading it (ms). */
const LADDER_CHECKS_MS = [3_000, 6_000, 12_000, 24_000, 48_000];

/**
 * A live's master playlist read while part of its ladder was listed leaves the player with that part
 * (shaka does not read a live HLS master again): the menu showed one rendition and hid itself. For the
 * first minute the page reads the master again now and then and, when it lists more renditions than
 * the player has, loads it again (docs/playback.md "Quality menu"). Answers a stop function.
 */
function watchLadder(player: ShakaPlayer, manifest: () => string, refresh: () => void): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = async (step: number) => {
    const master = await fetch(manifest(), { cache: 'no-store' })
      .then((r) => (r.ok ? r.text() : null))
      .catch(() => null);
    if (stopped) return;
    if (master && ladderGrew(master, player.getVariantTracks())) {
      await player.load(manifest()).catch(() => undefined);
      if (stopped) return;
      refresh();
    }
    schedule(step + 1);
  };
  const schedule = (step: number) => {
    const wait = LADDER_CHECKS_MS[step];
    if (wait === undefined || stopped) return;
    timer = setTimeout(() => void check(step), wait - (LADDER_CHECKS_MS[step - 1] ?? 0));
  };
  schedule(0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** Why a player could not start, when shaka has no error of its own: `code` is what telemetry reports. */
export class StartError extends Error {
  constructor(
    readonly code: 'unsupported' | 'no_manifest',
    message: string,
  ) {
    super(message);
  }
}

/** SPEC §2.8: a VOD's subtitle cues load 1 s after the player starts. */
const SUBTITLES_DELAY_MS = 1_000;

/** shaka's targets for the live's latency mode, as the server packaged it (docs/playback.md): how far
 * behind the live edge to play, and shaka's low-latency mode. */
export function latencyConfig(info: Pick<PlaybackInfo, 'kind' | 'latencyTargets'>): object {
  const targets = info.latencyTargets;
  if (info.kind !== 'live' || !targets) return {};
  return {
    manifest: { defaultPresentationDelay: targets.liveDelaySeconds },
    streaming: { lowLatencyMode: targets.lowLatencyMode },
  };
}

/** A new muted video element at the back of the stage (browsers let only a muted video start by
 * itself; the viewer unmutes). */
function newVideo(stage: HTMLElement | null): HTMLVideoElement {
  const video = document.createElement('video');
  video.className = 'video';
  video.muted = true;
  video.autoplay = true;
  video.playsInline = true;
  video.crossOrigin = 'anonymous';
  stage?.prepend(video);
  return video;
}

let whepModule: Promise<typeof import('./whep')> | null = null;
const loadWhep = () => {
  whepModule ??= import('./whep');
  return whepModule;
};

/**
 * Asks for the WHEP client's chunk while the playback answer is on its way, on a live's page in a
 * browser with WebRTC (docs/playback.md "Startup time: what the first second is spent on"): a WHEP start
 * then no longer waits for a script level after the answer. A page that plays HLS loaded 3 kB for
 * nothing.
 */
export function prepareWhep(): void {
  if (typeof RTCPeerConnection === 'function') void loadWhep().catch(() => undefined);
}

/** The path of a WHEP URL (its token): a renewal with the same one keeps the connection. */
const whepPath = (url: string | null | undefined) => (url ? new URL(url, location.href).pathname : null);

/**
 * Plays a live over WebRTC (WHEP, docs/playback.md): the client loads in a chunk of its own, and any
 * failure before the first frame rejects (the caller plays HLS). No seeking and one rendition: the
 * controls get the live without DVR. A renewal whose token changed opens a new session on the same
 * video, and closes the old one once the new one shows.
 */
async function createWhepPlayer(
  stage: HTMLElement,
  info: PlaybackInfo & { whepUrl: string },
  onStopped: () => void,
  onPlayer?: OnPlayer,
): Promise<PlayerHandle> {
  const { playWhep, WhepPlayer } = await loadWhep();
  const video = newVideo(stage);
  const player = new WhepPlayer(video);
  onPlayer?.(player, video);
  let connection: Awaited<ReturnType<typeof playWhep>>;
  try {
    connection = await playWhep(info.whepUrl, video, { onEnded: onStopped });
  } catch (error) {
    video.remove();
    throw error;
  }
  video.dataset.transport = 'whep';
  const controls = mountControls(stage, video, player, {
    ...info,
    dvr: { enabled: false, windowSeconds: 0 },
  });
  let current = whepPath(info.whepUrl);
  return {
    player,
    video,
    renew(_manifestUrl, sessionId, whepUrl) {
      if (sessionId) controls.renew(sessionId);
      const next = whepPath(whepUrl);
      if (!whepUrl || !next || next === current) return;
      current = next;
      const previous = connection;
      const shown = video.srcObject;
      playWhep(whepUrl, video, { onEnded: onStopped }).then(
        (renewed) => {
          connection = renewed;
          previous.close();
        },
        // The old session plays on until its token expires (then the page asks again).
        () => {
          video.srcObject = shown;
          void video.play().catch(() => undefined);
        },
      );
    },
    async destroy() {
      controls.destroy();
      connection.close();
      video.srcObject = null;
      video.remove();
    },
  };
}

/**
 * Plays `info`: over WebRTC when the answer offers a `whepUrl` and the browser has WebRTC, else (or
 * when that fails) its HLS manifest, muted either way.
 */
export async function createPlayer(
  stage: HTMLElement,
  info: PlaybackInfo,
  onStopped: () => void,
  onPlayer?: OnPlayer,
): Promise<PlayerHandle> {
  const { whepUrl } = info;
  if (info.kind === 'live' && whepUrl && typeof RTCPeerConnection === 'function') {
    const whep = await createWhepPlayer(stage, { ...info, whepUrl }, onStopped, onPlayer).catch(() => null);
    if (whep) {
      void dropPrepared();
      return whep;
    }
  }
  // A VOD with subtitles starts on shaka: its captions are drawn by shaka, and a short video could end
  // before shaka took over (docs/playback.md "Startup time: native HLS first").
  // A live starts on shaka too: the browser's player said `playing` at a point it then left for the live
  // edge, so telemetry's startup time was up to 0.56 s off the page's first `playing`; neither
  // EXT-X-START nor a shorter playlist moves that first frame, and the page cannot seek a native live
  // (docs/playback.md "Startup time: native HLS first", "Startup time: lives").
  if (
    info.kind === 'vod' &&
    info.manifestType === 'hls' &&
    info.subtitles.length === 0 &&
    playsHlsNatively()
  ) {
    const native = await createNativeHlsPlayer(stage, info, onStopped, onPlayer).catch(() => null);
    if (native) return native;
  }
  return createHlsPlayer(stage, info, onStopped, onPlayer);
}

/** A shaka player attached to a new video element that is not in the page yet. */
interface ShakaStart {
  player: ShakaPlayer;
  video: HTMLVideoElement;
}

/** Rejects with a StartError when the browser cannot play `type` with shaka. */
async function newShakaPlayer(type: PlaybackInfo['manifestType'], stage: HTMLElement): Promise<ShakaStart> {
  const shaka = await loadShaka(type);
  performance.mark('embed:shaka');
  shaka.polyfill.installAll();
  if (!shaka.Player.isBrowserSupported()) throw new StartError('unsupported', 'unsupported browser');
  // Out of the page until it plays: a page that shows a screen (a live not on air) or plays over WebRTC
  // never shows an empty video element.
  const video = newVideo(null);
  const player = new shaka.Player();
  // Captions are drawn in the stage (.shaka-text-container, placed by embed.css above the control bar).
  player.setVideoContainer(stage);
  await player.attach(video);
  return { player, video };
}

let prepared: Promise<ShakaStart | null> | null = null;

/**
 * Evaluates shaka's HLS build and attaches a player to a video while the playback answer is on its way
 * (docs/playback.md "Startup time"): shaka's start (its module, its polyfills, the media source it opens)
 * then no longer waits for the answer. The first HLS start takes it; a page that plays over WebRTC
 * drops it.
 */
export function prepareHlsPlayer(stage: HTMLElement, kind: 'live' | 'vod' | null): void {
  // A VOD in a browser that plays HLS itself starts without shaka: evaluating its 519 kB on the main
  // thread would hold up the playback answer's handling (docs/playback.md "Startup time: native HLS
  // first").
  if (kind === 'vod' && playsHlsNatively()) return;
  prepared ??= newShakaPlayer('hls', stage).catch(() => null);
}

async function claimPrepared(): Promise<ShakaStart | null> {
  const ready = prepared;
  prepared = null;
  return ready ? await ready : null;
}

/** A prepared player nobody will take (the live plays over WebRTC): its media source is let go. */
async function dropPrepared(): Promise<void> {
  const ready = await claimPrepared();
  await ready?.player.destroy().catch(() => undefined);
}

/**
 * Plays `info`'s manifest in a new video element inside `stage`, muted (browsers let only a muted
 * video start by itself; the viewer unmutes). Rejects when the browser cannot play it (a StartError)
 * or the manifest does not load (shaka's error); `onStopped` is told when playback stops for good (a
 * live that ended). `onPlayer` gets the player and its video before the manifest loads (telemetry).
 */
async function createHlsPlayer(
  stage: HTMLElement,
  info: PlaybackInfo,
  onStopped: () => void,
  onPlayer?: OnPlayer,
  takeOver?: HTMLVideoElement,
): Promise<PlayerHandle> {
  if (!info.manifestUrl) throw new StartError('no_manifest', 'nothing to play');
  const ready =
    (info.manifestType === 'dash' ? null : await claimPrepared()) ??
    (await newShakaPlayer(info.manifestType, stage));
  const { player, video } = ready;
  if (!takeOver) {
    stage.prepend(video);
    performance.mark('embed:attached');
    onPlayer?.(player, video);
  }
  video.dataset.transport = 'hls';
  player.configure(latencyConfig(info));
  // A live starts on a low rendition and may switch up once its first frame shows (docs/playback.md
  // "Startup time"). Until then shaka's ABR is off too: on a ladder whose renditions are all within the
  // restriction (a 360p source), its first estimates on loopback-fast segments switched it to the other
  // rendition before the first frame, fetching that rendition's playlist and segments again
  // (docs/playback.md "Startup time: lives").
  player.configure(startConfig(info));
  const lifted = liftedStartConfig(info);
  if (lifted) {
    player.configure({ abr: { enabled: false } });
    video.addEventListener(
      'playing',
      () => {
        player.configure(lifted);
        player.configure({ abr: { enabled: true } });
      },
      { once: true },
    );
  }
  // shaka retries a failing live stream forever by default; a live that stopped (ended, paused, its
  // token refused) is a question for the playback endpoint instead.
  if (info.kind === 'live')
    player.configure({ streaming: { failureCallback: (_error: unknown) => onStopped() } });
  const manifest = new URL(info.manifestUrl, location.href).href;
  let prefix = signedPrefix(manifest);
  player.getNetworkingEngine()?.registerRequestFilter((_type, request) => {
    if (prefix) request.uris = request.uris.map((uri) => withToken(uri, prefix as string));
  });
  player.addEventListener('error', (event) => {
    if (event.detail?.severity === CRITICAL) onStopped();
  });
  video.addEventListener('ended', onStopped);

  try {
    if (takeOver) {
      // Out of the page until it shows the picture the browser's own player shows: a VOD at the same
      // second, a live at shaka's own distance from the edge (its latency mode).
      video.autoplay = false;
      // The viewer may seek the browser's player while shaka gets ready (an arrow key, the timeline):
      // the picture shaka takes over is at the viewer's latest second, not the one it loaded at.
      let seeked = false;
      const onSeek = () => {
        seeked = true;
      };
      takeOver.addEventListener('seeking', onSeek);
      try {
        await player.load(manifest, info.kind === 'vod' ? takeOver.currentTime : null);
        if (info.kind === 'vod') video.currentTime = takeOver.currentTime;
        await untilReady(video, HANDOVER_TIMEOUT_MS);
        for (let tries = 0; info.kind === 'vod' && seeked && tries < MAX_HANDOVER_SEEKS; tries++) {
          seeked = false;
          video.currentTime = takeOver.currentTime;
          await untilReady(video, HANDOVER_TIMEOUT_MS);
        }
      } finally {
        takeOver.removeEventListener('seeking', onSeek);
      }
      video.muted = takeOver.muted;
      video.volume = takeOver.volume;
      takeOver.replaceWith(video);
      if (takeOver.paused) video.pause();
      onPlayer?.(player, video, true);
    } else {
      await player.load(manifest);
      performance.mark('embed:loaded');
    }
  } catch (error) {
    await player.destroy();
    video.remove();
    throw error;
  }
  const controls = mountControls(stage, video, player, info);
  controls.refreshTracks();
  player.addEventListener('trackschanged', () => controls.refreshTracks());
  player.addEventListener('variantchanged', () => controls.refreshTracks());
  // The manifest under the latest token (a renewal swaps it, as the request filter does).
  const current = () => (prefix ? withToken(manifest, prefix) : manifest);
  const stopLadderWatch = info.kind === 'live' ? watchLadder(player, current, controls.refreshTracks) : null;
  // A live's picture frozen while meant to play: asked again as a stopped live is (src/embed/frozen.ts).
  const stopFrozenWatch = info.kind === 'live' ? watchFrozen(video, onStopped) : null;

  if (info.subtitles.length > 0) {
    video.addEventListener(
      'playing',
      () =>
        setTimeout(() => {
          void (async () => {
            for (const s of info.subtitles)
              await player
                .addTextTrackAsync(
                  new URL(s.url, location.href).href,
                  s.lang,
                  'subtitles',
                  'text/vtt',
                  '',
                  s.label,
                )
                .catch(() => undefined);
            const first = player.getTextTracks()[0];
            if (first) player.selectTextTrack(first);
            controls.refreshTracks();
          })();
        }, SUBTITLES_DELAY_MS),
      { once: true },
    );
  }
  if (!takeOver?.paused) void video.play().catch(() => undefined);

  return {
    player,
    video,
    renew(manifestUrl, sessionId) {
      if (manifestUrl) prefix = signedPrefix(new URL(manifestUrl, location.href).href) ?? prefix;
      if (sessionId) controls.renew(sessionId);
    },
    async destroy() {
      stopLadderWatch?.();
      stopFrozenWatch?.();
      controls.destroy();
      await player.destroy().catch(() => undefined);
      video.remove();
    },
  };
}

/** The MIME type of an HLS playlist, as a browser that plays HLS itself names it. */
const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** Whether the browser plays HLS in its video element (Safari; Chromium since its built-in HLS). */
export function playsHlsNatively(): boolean {
  return typeof document !== 'undefined' && document.createElement('video').canPlayType(HLS_TYPE) !== '';
}

/** How long the browser's own player may take to have a first frame before the page gives up on it
 * and starts shaka; and how long shaka may take to be ready to take the picture over. */
const NATIVE_START_TIMEOUT_MS = 8_000;
const HANDOVER_TIMEOUT_MS = 20_000;
/** How many of the viewer's seeks during the handover shaka follows before it takes the picture over
 * anyway (a viewer dragging the timeline would otherwise hold the handover back). */
const MAX_HANDOVER_SEEKS = 5;

/** Resolves once `video` can play at its position (readyState ≥ HAVE_FUTURE_DATA); rejects on its
 * error or after `timeoutMs`. */
function untilReady(video: HTMLVideoElement, timeoutMs: number): Promise<void> {
  if (video.readyState >= 3 && !video.seeking) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (ok: boolean) => () => {
      clearTimeout(timer);
      for (const type of ['canplay', 'seeked']) video.removeEventListener(type, onReady);
      video.removeEventListener('error', onError);
      if (ok) resolve();
      else reject(new StartError('unsupported', 'the video did not get ready'));
    };
    const onError = done(false);
    const ready = done(true);
    const onReady = () => {
      if (video.readyState >= 3 && !video.seeking) ready();
    };
    const timer = setTimeout(onError, timeoutMs);
    for (const type of ['canplay', 'seeked']) video.addEventListener(type, onReady);
    video.addEventListener('error', onError);
  });
}

/**
 * The browser's own HLS player behind the page's ShakaPlayer interface, until shaka takes over: one
 * rendition (the one on screen), no captions, no networking engine (docs/playback.md "Startup time:
 * native HLS first").
 */
class NativeHlsPlayer extends ElementPlayer {
  constructor(video: HTMLVideoElement) {
    super(video, 'native');
  }
  isLive(): boolean {
    return this.video.duration === Number.POSITIVE_INFINITY;
  }
  seekRange(): { start: number; end: number } {
    const { seekable } = this.video;
    return seekable.length > 0
      ? { start: seekable.start(0), end: seekable.end(seekable.length - 1) }
      : { start: 0, end: Number.isFinite(this.video.duration) ? this.video.duration : 0 };
  }
}

/**
 * Plays `info`'s HLS manifest with the browser's own player, then hands the picture to shaka once the
 * first frame is out and the playhead moves (docs/playback.md "Startup time: native HLS first"): the
 * first frame does not wait for shaka's 519 kB to be evaluated nor for a segment transmuxed in
 * JavaScript, and shaka still brings what the page needs from it (ABR and the quality menu, captions,
 * latency targets, a renewed token on every later request, telemetry's rendition and CDN). The token
 * is in the manifest's path: the browser's requests of playlists and segments carry it as shaka's do.
 * Rejects when the browser's player has no frame to show (the caller starts shaka instead).
 */
async function createNativeHlsPlayer(
  stage: HTMLElement,
  info: PlaybackInfo,
  onStopped: () => void,
  onPlayer?: OnPlayer,
): Promise<PlayerHandle> {
  const manifest = new URL(info.manifestUrl as string, location.href).href;
  const video = newVideo(stage);
  video.dataset.transport = 'native-hls';
  const player = new NativeHlsPlayer(video);
  performance.mark('embed:attached');
  onPlayer?.(player, video);
  video.src = manifest;
  const stop = () => {
    video.removeAttribute('src');
    video.load();
    video.remove();
  };
  try {
    await untilReady(video, NATIVE_START_TIMEOUT_MS);
  } catch (error) {
    stop();
    throw error;
  }
  performance.mark('embed:loaded');
  const controls = mountControls(stage, video, player, info);
  controls.refreshTracks();
  const onEnd = () => onStopped();
  video.addEventListener('ended', onEnd);
  video.addEventListener('error', onEnd);
  void video.play().catch(() => undefined);

  let prefix = signedPrefix(manifest);
  let sessionId = info.sessionId;
  let shaka: PlayerHandle | null = null;
  let destroyed = false;
  const handOver = async () => {
    const current = prefix ? withToken(manifest, prefix) : manifest;
    const next = await createHlsPlayer(
      stage,
      { ...info, manifestUrl: current, sessionId },
      onStopped,
      onPlayer,
      video,
    ).catch(() => null);
    // shaka could not take over: the browser's player plays on.
    if (!next) return;
    if (destroyed) return void next.destroy();
    shaka = next;
    controls.destroy();
    video.removeEventListener('ended', onEnd);
    video.removeEventListener('error', onEnd);
    stop();
  };
  // Once the playhead moved from the first frame (the startup time telemetry reports is taken then).
  const from = video.currentTime;
  const onMoved = () => {
    if (video.currentTime === from) return;
    video.removeEventListener('timeupdate', onMoved);
    if (!destroyed) void handOver();
  };
  video.addEventListener('timeupdate', onMoved);

  return {
    get player() {
      return shaka?.player ?? player;
    },
    get video() {
      return shaka?.video ?? video;
    },
    renew(manifestUrl, renewed) {
      if (shaka) return shaka.renew(manifestUrl, renewed);
      if (manifestUrl) prefix = signedPrefix(new URL(manifestUrl, location.href).href) ?? prefix;
      if (renewed) {
        sessionId = renewed;
        controls.renew(renewed);
      }
    },
    async destroy() {
      destroyed = true;
      if (shaka) return shaka.destroy();
      video.removeEventListener('timeupdate', onMoved);
      controls.destroy();
      stop();
    },
  };
}

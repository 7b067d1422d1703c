import './embed.css';
import type { Overlay, PlaybackInfo } from '@contract/playback';
import { playAd } from './ads';
import { announceToHost } from './host-events';
import { activate, pickLocale } from './i18n';
import { integration } from './integrations';
import { fetchPlayback, renewDelay } from './playback';
import { createPlayer, type PlayerHandle, prepareHlsPlayer, prepareWhep } from './player';
import { renderedAnswer } from './rendered';
import { type EmbedTarget, embeddingOrigin, targetOf } from './route';
import { formatStart, type Screen, screenOf } from './screen';
import { playIntentAt } from './startup';
import { labels, screenText } from './texts';

/** Between two asks while there is nothing to play yet (a live not on air), or the server failed; and
 * while a live plays without the public channel (which tells status changes at once). */
const POLL_MS = 10_000;
/** A live that is on but whose picture is not out yet (its first segments): asked again sooner, so that
 * viewers see it within seconds of 'Iniciar' (docs/studio.md). */
const STARTING_POLL_MS = 2_000;
/** At most this many quick asks in a row (20 s): a live with no picture at all goes back to POLL_MS. */
const STARTING_ASKS = 10;
let startingAsks = 0;
// The embed's steps are marked in the page's performance timeline (embed:start, embed:answer,
// embed:shaka, embed:attached, embed:loaded): the startup bench prints them beside the resource timings
// (docs/playback.md "Startup time").
performance.mark('embed:start');

const root = document.getElementById('player') as HTMLElement;
const stage = document.createElement('div');
stage.className = 'stage';
const overlayLayer = document.createElement('div');
overlayLayer.className = 'overlays';
const message = document.createElement('div');
message.className = 'screen';
message.setAttribute('role', 'status');
stage.append(overlayLayer, message);
root.append(stage);

/** Telemetry's module, asked for as the page starts: a view begins before the player loads, and the
 * play intent should not wait for this chunk. */
const telemetryModule = integration('telemetry');
/** The page's language, asked for alongside the playback answer rather than before it (docs/playback.md
 * "Startup time"): the answer only needs the catalogue once it is shown. */
const localeReady = activate(pickLocale(null, navigator.languages ?? [navigator.language]));
const origin = embeddingOrigin(window);
/** The classroom's registration (its chat token), which makes this viewer findable by e-mail in
 * customer support (docs/analytics.md "Customer support"). */
const attendee = /^[\w-]{20,128}$/.test(new URLSearchParams(location.search).get('attendee') ?? '')
  ? new URLSearchParams(location.search).get('attendee')
  : null;
/** The playback answer the server rendered into the page, when it was made for what this page would ask
 * (docs/playback.md "Startup time: the answer in the page"): the first ask is then no round trip, and the
 * page knows its transport before it prepares a player. Used once; renewals ask the endpoint. */
let rendered: PlaybackInfo | null = renderedAnswer(document, targetOf(location.pathname), origin, attendee);
const pageKind = targetOf(location.pathname)?.kind ?? null;
const webRtc = typeof RTCPeerConnection === 'function';
// shaka (its HLS build: the live's fallback and every VOD) starts with the page, in parallel with the
// playback call, instead of after its answer: its module, and a player attached to a video that the
// first HLS start takes (docs/playback.md "Startup time"). Not when the rendered answer says the start
// will not use it: a live over WebRTC (evaluating shaka held up its main thread for 0.4–1 s), a live
// with nothing to play yet; its fallback or later start loads shaka then.
if (!rendered || (rendered.manifestUrl && !(rendered.whepUrl && webRtc))) prepareHlsPlayer(stage, pageKind);
// A live may play over WebRTC: its client's chunk comes alongside the answer, not after it.
if (pageKind === 'live' && (!rendered || rendered.whepUrl)) prepareWhep();
/** Whether no view began on this page yet: the first one starts at the page's navigation (the embed
 * plays by itself, so opening the page is the viewer's intent). */
let firstView = true;

let target: EmbedTarget | null = targetOf(location.pathname);
let handle: PlayerHandle | null = null;
/** What the current player plays ('live:…' / 'vod:…'), to tell a renewal from a new source. */
let playing: string | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let closeChannel: (() => void) | null = null;
let stopTelemetry: (() => void) | null = null;
let renewTelemetry: ((sessionId: string) => void) | null = null;
let lastInfo: PlaybackInfo | null = null;
let preRollDone = false;
let postRollDone = false;
/** Whether this page has played the content: a live that ends after that gets its post-roll. */
let played = false;

function show(screen: Screen | null, image: string | null = null) {
  if (!screen) {
    message.hidden = true;
    return;
  }
  const startsAt =
    screen.kind === 'scheduled' && screen.startsAt ? formatStart(screen.startsAt, navigator.language) : null;
  message.hidden = false;
  message.dataset.state = screen.kind === 'error' ? screen.reason : screen.kind;
  message.style.backgroundImage = image ? `url("${encodeURI(image)}")` : '';
  const text = document.createElement('p');
  text.textContent = screenText(screen, startsAt);
  message.replaceChildren(text);
}

async function stopPlayer() {
  stopTelemetry?.();
  stopTelemetry = null;
  renewTelemetry = null;
  const h = handle;
  handle = null;
  playing = null;
  await h?.destroy();
}

function askAgainIn(ms: number) {
  clearTimeout(timer);
  timer = setTimeout(() => void refresh(), ms);
}

async function onStopped() {
  const info = lastInfo;
  // A VOD that played to its end gets its post-roll; a live is asked again (it may have finished).
  if (info?.kind === 'vod' && !postRollDone && info.ads.postRollVastUrl) {
    postRollDone = true;
    await playAd(info.ads.postRollVastUrl, stage, labels().ad);
    return;
  }
  if (info?.kind === 'live') {
    await stopPlayer();
    await refresh();
  }
}

async function start(info: PlaybackInfo) {
  const key = `${info.kind}:${info.id}`;
  // The play intent: the embed plays by itself as soon as there is something to play. The view starts
  // here (docs/analytics.md "Definitions"), so that the pre-roll and the load are inside its startup
  // time, and a load error or a viewer leaving before the first frame are counted.
  // The first view's intent is the page load (performance.timeOrigin), so that the startup time
  // telemetry reports is the one the viewer waits (docs/playback.md "Startup time"); a later view (the
  // live came back) starts now.
  const intentAt = playIntentAt(firstView, performance.timeOrigin, Date.now());
  firstView = false;
  const view = (await telemetryModule)?.startTelemetry({ info, intentAt }) ?? null;
  stopTelemetry = view ? () => view.stop() : null;
  renewTelemetry = view ? (sessionId) => view.renew(sessionId) : null;
  try {
    // Once a page: a player that starts again (the live came back, a retry) goes straight to content.
    if (info.ads.preRollVastUrl && !preRollDone) {
      preRollDone = true;
      await playAd(info.ads.preRollVastUrl, stage, labels().ad);
    }
    handle = await createPlayer(
      stage,
      info,
      () => void onStopped(),
      // shaka taking the picture over from the browser's own HLS is the same view (docs/playback.md
      // "Startup time: native HLS first").
      (player, video, handover) => (handover ? view?.follow(player, video) : view?.attach(player, video)),
    );
  } catch (error) {
    view?.fail(error);
    throw error;
  }
  playing = key;
  played = true;
}

/** Whether an overlay was ever drawn: until then an empty list needs no module (its chunk would
 * compete with the start's requests, docs/playback.md "Startup time: the answer in the page"). */
let overlaysDrawn = false;
function renderOverlays(overlays: Overlay[]) {
  if (overlays.length === 0 && !overlaysDrawn) return;
  overlaysDrawn = true;
  void integration('overlays').then((m) => m?.renderOverlays(overlayLayer, overlays));
}

async function openLiveChannel(info: PlaybackInfo) {
  if (closeChannel || !info.channelUrl) return;
  const channel = await integration('channel');
  if (!channel) return;
  const url = new URL(info.channelUrl, location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  closeChannel = channel.openChannel(url.href, {
    onStatus: (status) => {
      if (status !== lastInfo?.status) void refresh();
    },
    onViewerId: (until) => {
      const viewerId = lastInfo?.viewerId;
      if (viewerId) void integration('viewerId').then((m) => m?.showViewerId(stage, viewerId, until));
    },
    onOverlays: renderOverlays,
  });
}

async function apply(info: PlaybackInfo) {
  lastInfo = info;
  root.style.setProperty('--player-color', info.playerColor);
  document.title = info.title;
  renderOverlays(info.overlays);
  if (info.kind === 'live') void openLiveChannel(info);
  const screen = screenOf(info);
  if (screen.kind === 'recording') {
    // The live is over and its recording is ready: the page plays the recording from now on.
    await stopPlayer();
    target = { kind: 'vod', id: screen.videoId };
    askAgainIn(0);
    return;
  }
  if (screen.kind !== 'play') {
    await stopPlayer();
    const postRoll = info.ads.postRollVastUrl;
    if (screen.kind === 'finished' && played && postRoll && !postRollDone) {
      postRollDone = true;
      await playAd(postRoll, stage, labels().ad);
    }
    show(screen, 'image' in screen ? screen.image : null);
    const starting = info.kind === 'live' && info.status === 'live' && startingAsks++ < STARTING_ASKS;
    askAgainIn(
      info.kind === 'live' ? (starting ? STARTING_POLL_MS : POLL_MS) : renewDelay(info.expiresAt, Date.now()),
    );
    return;
  }
  // Scheduled once the player runs (a timer that fired during a long start, the pre-roll say, would
  // find this ask still running and be lost).
  const renew = renewDelay(info.expiresAt, Date.now());
  const next = info.kind === 'live' && !closeChannel ? Math.min(renew, POLL_MS) : renew;
  if (handle && playing === `${info.kind}:${info.id}`) {
    handle.renew(screen.manifestUrl, info.sessionId, info.whepUrl);
    renewTelemetry?.(info.sessionId);
    askAgainIn(next);
    return;
  }
  show(null);
  startingAsks = 0;
  try {
    await start(info);
    askAgainIn(next);
  } catch {
    await stopPlayer();
    show({ kind: 'waiting', image: info.banners.thumbnail }, info.banners.thumbnail);
    askAgainIn(POLL_MS);
  }
}

let refreshing: Promise<void> | null = null;
/** A change was told (the channel's status, a timer) while an ask was under way: that ask may have
 * read the server before the change (and a player's start, the pre-roll and the load, runs inside
 * it), so the server is asked once more when it is done. Without this, an operator's pause told while
 * a player was starting was lost, and the player showed the paused live. */
let askAgain = false;
function refresh(): Promise<void> {
  if (refreshing) {
    askAgain = true;
    return refreshing;
  }
  refreshing = (async () => {
    try {
      if (!target) return show({ kind: 'error', reason: 'not_found' });
      // The same live/video keeps its viewer session (and viewer ID) across renewals.
      const same = lastInfo && lastInfo.kind === target.kind && lastInfo.id === target.id;
      const first = rendered;
      rendered = null;
      const result = first
        ? ({ ok: true, info: first } as const)
        : await fetchPlayback(
            location.origin,
            target,
            origin,
            same ? lastInfo?.sessionId : null,
            fetch,
            attendee,
            // No view under way (it failed, ended, or none began): the next play is a view of its own.
            stopTelemetry === null,
          );
      performance.mark('embed:answer');
      await localeReady;
      if (result.ok) {
        announceToHost(result.info, origin);
        return await apply(result.info);
      }
      await stopPlayer();
      show({ kind: 'error', reason: result.reason });
      if (result.reason === 'unavailable') askAgainIn(POLL_MS);
    } finally {
      refreshing = null;
      if (askAgain) {
        askAgain = false;
        void refresh();
      }
    }
  })();
  return refreshing;
}

void refresh();

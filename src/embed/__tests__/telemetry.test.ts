import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { BeaconBody } from '../../../server/src/http/beacons';
import { StartError } from '../player';
import {
  type BeaconEvent,
  cdnOf,
  DEBOUNCE_MS,
  errorCode,
  HEARTBEAT_MS,
  MAX_EVENTS_PER_POST,
  STATE_POSTS_PER_MINUTE,
  Telemetry,
} from '../telemetry';

type Filter = (type: number, response: { headers: Record<string, string> }) => void;

/** shaka.util.Error as the player reports it: CRITICAL (2) stops the player. */
const shakaError = (code: number, data: unknown[] = [], severity = 2) => ({ code, data, severity });

/**
 * A view from its play intent: a fake clock whose timers run as it advances (no wall clock), and a
 * player and a video as telemetry sees them (real event targets, shaka's stats as numbers), attached
 * when the test says the player exists.
 */
function setup(o: { manifestType?: 'hls' | 'dash'; intentAt?: number } = {}) {
  let clock = 1_000_000;
  let timers: { at: number; run: () => void }[] = [];
  const posts: { events: BeaconEvent[]; final: boolean; at: number }[] = [];
  /** Which sessions each post named. */
  const credentials: { sessionId: string; viewSessionId?: string }[] = [];
  const tracks = [
    { active: true, height: 720, bandwidth: 2_500_000 },
    { active: false, height: 360, bandwidth: 800_000 },
  ];
  const filters: Filter[] = [];
  const player = Object.assign(new EventTarget(), {
    getStats: () => ({ streamBandwidth: 2_500_000, estimatedBandwidth: 9_000_000 }),
    getVariantTracks: () => tracks,
    getNetworkingEngine: () => ({
      registerResponseFilter: (f: Filter) => filters.push(f),
      unregisterResponseFilter: (f: Filter) => filters.splice(filters.indexOf(f), 1),
    }),
  });
  const video = Object.assign(new EventTarget(), {
    currentTime: 0,
    paused: true,
    seeking: false,
    ended: false,
    buffered: { length: 1, end: () => video.currentTime + 6 },
  });
  const telemetry = new Telemetry(
    { sessionId: 's', kind: 'live', manifestType: o.manifestType ?? 'hls' },
    {
      now: () => clock,
      schedule(run, ms) {
        const timer = { at: clock + ms, run };
        timers.push(timer);
        return () => {
          timers = timers.filter((t) => t !== timer);
        };
      },
      send: (body, final) => {
        const parsed = JSON.parse(body) as {
          sessionId: string;
          viewSessionId?: string;
          events: BeaconEvent[];
        };
        // Every post is one the server's schema takes.
        expect([...Value.Errors(BeaconBody, parsed)]).toEqual([]);
        posts.push({ events: parsed.events, final, at: clock });
        credentials.push({
          sessionId: parsed.sessionId,
          ...(parsed.viewSessionId ? { viewSessionId: parsed.viewSessionId } : {}),
        });
      },
    },
    o.intentAt === undefined ? undefined : clock + o.intentAt,
  );
  /** Moves the clock on, running the timers that fall due (in order). */
  const tick = (ms: number) => {
    const end = clock + ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((t) => t !== due);
      clock = due.at;
      due.run();
    }
    clock = end;
  };
  const fire = (target: EventTarget, type: string, fields: object = {}) =>
    target.dispatchEvent(Object.assign(new Event(type), fields));
  const attach = () => telemetry.attach(player, video);
  /** The video starts playing: `playing`, then the playhead moves `ms` later. */
  const play = (ms = 0) => {
    video.paused = false;
    fire(video, 'playing');
    tick(ms);
    video.currentTime += ms / 1000 || 0.04;
    fire(video, 'timeupdate');
  };
  const buffering = (on: boolean) => fire(player, 'buffering', { buffering: on });
  /** The playhead moves on by `ms` of media, which took `ms` to play: a `timeupdate` then. */
  const moves = (ms = 250) => {
    tick(ms);
    video.currentTime += ms / 1000;
    fire(video, 'timeupdate');
  };
  const events = () => posts.flatMap((p) => p.events);
  const types = () => events().map((e) => e.type);
  const last = (type: string) => events().findLast((e) => e.type === type);
  return {
    telemetry,
    credentials,
    player,
    video,
    tracks,
    filters,
    posts,
    tick,
    fire,
    attach,
    play,
    buffering,
    moves,
    events,
    types,
    last,
    now: () => clock,
  };
}

describe('a view starts at the play intent', () => {
  it('posts start at once, before the player exists, and measures startup to the playhead moving', () => {
    const t = setup({ intentAt: -50 });
    // The intent was 50 ms ago (the page decided to play, then telemetry's module loaded).
    expect(t.posts).toEqual([
      { events: [{ type: 'start', at: t.now() - 50, state: 'loading' }], final: false, at: t.now() },
    ]);
    t.tick(2_000); // a pre-roll, shaka's chunk
    t.attach();
    t.tick(500);
    // `playing` alone is no first frame: the playhead has to move.
    t.video.currentTime = 30;
    t.video.paused = false;
    t.fire(t.video, 'playing');
    t.fire(t.video, 'timeupdate');
    t.tick(250);
    t.fire(t.video, 'timeupdate');
    expect(t.types()).toEqual(['start']);
    t.video.currentTime = 30.25;
    t.fire(t.video, 'timeupdate');
    t.tick(DEBOUNCE_MS);
    expect(t.types()).toEqual(['start', 'startup']);
    // Timed at the 'playing' the playhead moved from (50 + 2,000 + 500 ms after the intent), not at the
    // timeupdate 250 ms later that showed it moving: the figure the page sees from its own 'playing'.
    expect(t.last('startup')).toMatchObject({
      startupMs: 2_550,
      state: 'playing',
      playingMs: 0,
      rebufferingMs: 0,
      pausedMs: 0,
      playhead: 30.3,
      rendition: '720p',
      bitrateKbps: 2500,
    });
  });

  it('does not take a seek before the first frame for the playhead moving', () => {
    const t = setup();
    t.attach();
    t.video.paused = false;
    t.fire(t.video, 'playing');
    t.video.seeking = true;
    t.video.currentTime = 100;
    t.fire(t.video, 'timeupdate');
    t.video.seeking = false;
    t.fire(t.video, 'seeked');
    t.fire(t.video, 'timeupdate');
    t.tick(DEBOUNCE_MS);
    expect(t.types()).toEqual(['start']);
    t.tick(400);
    t.video.currentTime = 100.4;
    t.fire(t.video, 'timeupdate');
    t.tick(DEBOUNCE_MS);
    expect(t.last('startup')?.startupMs).toBe(1_400);
  });

  it('counts a load error before the player exists as a startup failure, with its code', () => {
    // The manifest answered 500: the load rejects before telemetry ever saw a player.
    const t = setup();
    t.tick(700);
    t.telemetry.fail(shakaError(1001, ['https://x/master.m3u8', 500, 'oops', {}, 0]));
    expect(t.posts.at(-1)).toMatchObject({
      events: [{ type: 'startup_failed', error: 'manifest_http_500', state: 'ended', playingMs: 0 }],
      final: false,
    });
    // A failed view is over: the page stopping the player adds nothing, nor do heartbeats.
    t.telemetry.stop();
    t.tick(HEARTBEAT_MS * 3);
    expect(t.types()).toEqual(['start', 'startup_failed']);
  });

  it('names the failure: shaka code, an HTTP status by request, an unsupported browser', () => {
    expect(errorCode(new StartError('unsupported', 'unsupported browser'))).toBe('unsupported');
    expect(errorCode(shakaError(1001, ['u', 404, null, {}, 1]))).toBe('segment_http_404');
    expect(errorCode(shakaError(1001, ['u', 503, null, {}]))).toBe('http_503');
    expect(errorCode(shakaError(3016))).toBe('3016');
    expect(errorCode(new Error('chunk failed'))).toBe('unknown');
    expect(errorCode(undefined)).toBe('unknown');

    const t = setup();
    t.telemetry.fail(new StartError('unsupported', 'unsupported browser'));
    expect(t.last('startup_failed')?.error).toBe('unsupported');
  });

  it('counts a viewer leaving during the load or the pre-roll as an exit before start, with the wait', () => {
    const t = setup();
    t.tick(HEARTBEAT_MS + 2_500);
    t.telemetry.stop();
    expect(t.types()).toEqual(['start', 'heartbeat', 'exit_before_start']);
    expect(t.last('heartbeat')).toMatchObject({ state: 'loading', playingMs: 0, pausedMs: 0 });
    expect(t.posts.at(-1)).toEqual({
      events: [expect.objectContaining({ type: 'exit_before_start', waitedMs: 12_500, state: 'ended' })],
      final: true,
      at: t.now(),
    });

    // The player existed, its manifest still loading.
    const loading = setup();
    loading.tick(300);
    loading.attach();
    loading.tick(400);
    loading.telemetry.stop();
    expect(loading.last('exit_before_start')?.waitedMs).toBe(700);
  });

  it('tells an error after the first frame (playback_failed) from a recoverable one and from an end', () => {
    const t = setup();
    t.attach();
    // A recoverable error before the first frame is shaka's to retry, not a failure.
    t.fire(t.player, 'error', { detail: shakaError(1001, ['u', 500, null, {}, 1], 1) });
    t.play(100);
    t.tick(3_000);
    t.fire(t.player, 'error', { detail: shakaError(1001, ['u', 404, null, {}, 1]) });
    t.telemetry.stop();
    expect(t.types()).toEqual(['start', 'startup', 'playback_failed']);
    expect(t.last('playback_failed')).toMatchObject({
      error: 'segment_http_404',
      state: 'ended',
      playingMs: 3_000,
    });
  });

  it('ends the view when the media plays to its end (the pause before `ended` is no pause)', () => {
    const t = setup();
    t.attach();
    t.play();
    t.tick(4_000);
    t.video.ended = true;
    t.video.paused = true;
    t.fire(t.video, 'pause');
    t.fire(t.video, 'ended');
    t.telemetry.stop();
    expect(t.types()).toEqual(['start', 'startup', 'end']);
    expect(t.last('end')).toMatchObject({ state: 'ended', playingMs: 4_000 });
  });
});

describe('state changes', () => {
  it('posts a rebuffer within a second, not at the next heartbeat', () => {
    const t = setup();
    t.attach();
    t.play();
    t.tick(DEBOUNCE_MS);
    t.tick(3_000);
    t.buffering(true);
    t.tick(DEBOUNCE_MS - 1);
    expect(t.types()).toEqual(['start', 'startup']);
    t.tick(1);
    expect(t.types()).toEqual(['start', 'startup', 'rebuffer_start']);
    expect(t.posts.at(-1)?.events).toEqual([expect.objectContaining({ state: 'rebuffering' })]);
    // A burst of changes goes in one post.
    t.buffering(false);
    t.video.paused = true;
    t.fire(t.video, 'pause');
    t.tick(DEBOUNCE_MS);
    expect(t.posts.at(-1)?.events.map((e) => e.type)).toEqual(['rebuffer_end', 'pause']);
  });

  it('leaves state changes past the minute budget to the heartbeat', () => {
    const t = setup();
    t.attach();
    t.play();
    for (let i = 0; i < STATE_POSTS_PER_MINUTE + 5; i++) {
      t.buffering(true);
      t.tick(DEBOUNCE_MS);
      t.buffering(false);
      t.moves(DEBOUNCE_MS);
    }
    const inMinute = t.posts.filter((p) => p.at > t.now() - 60_000).length;
    expect(inMinute).toBeLessThanOrEqual(STATE_POSTS_PER_MINUTE + 60_000 / HEARTBEAT_MS);
    t.tick(HEARTBEAT_MS);
    t.telemetry.stop();
    // Nothing is lost.
    expect(t.types().filter((x) => x === 'rebuffer_start')).toHaveLength(STATE_POSTS_PER_MINUTE + 5);
    expect(t.types().filter((x) => x === 'rebuffer_end')).toHaveLength(STATE_POSTS_PER_MINUTE + 5);
  });

  it('reports the time in each state since the previous event, so the sums are exact', () => {
    const t = setup();
    t.tick(1_500); // startup: neither playing nor rebuffering
    t.attach();
    t.play();
    t.tick(5_000);
    t.buffering(true);
    t.tick(2_000);
    t.buffering(false);
    t.video.paused = true;
    t.fire(t.video, 'pause');
    t.tick(3_000);
    t.video.paused = false;
    t.fire(t.video, 'play');
    t.tick(4_000);
    t.telemetry.stop();

    expect(t.types()).toEqual([
      'start',
      'startup',
      'rebuffer_start',
      'rebuffer_end',
      'pause',
      'heartbeat', // at 10 s, while paused
      'play',
      'end',
    ]);
    const events = t.events();
    for (const e of events.slice(1)) {
      expect(e).toHaveProperty('playingMs');
      expect(e).toHaveProperty('rebufferingMs');
      expect(e).toHaveProperty('pausedMs');
      expect(e).toHaveProperty('state');
      expect(e).toHaveProperty('playhead');
    }
    const sum = (key: 'playingMs' | 'rebufferingMs' | 'pausedMs') =>
      events.reduce((n, e) => n + (e[key] ?? 0), 0);
    expect([sum('playingMs'), sum('rebufferingMs'), sum('pausedMs')]).toEqual([9_000, 2_000, 3_000]);
    // The stall ends with the pause (the picture never moved after shaka's buffering went off).
    expect(events.map((e) => e.state)).toEqual([
      'loading',
      'playing',
      'rebuffering',
      'paused',
      'paused',
      'paused',
      'playing',
      'ended',
    ]);
    expect(t.last('rebuffer_end')).toMatchObject({ rebufferMs: 2_000, rebufferingMs: 2_000, playingMs: 0 });
    expect(t.last('startup')?.startupMs).toBe(1_500);
    expect(t.last('heartbeat')).toMatchObject({ pausedMs: 1_500, playingMs: 0 });
  });

  // docs/analytics.md "A stall lasts until the picture moves".
  it('counts a stall until the picture moves, through shaka buffering on and off while it stays frozen', () => {
    const t = setup();
    t.attach();
    t.play();
    t.moves(3_000);
    t.buffering(true);
    t.tick(1_000);
    // shaka has a little to play, the picture does not move, and shaka buffers again: the same stall.
    t.buffering(false);
    t.tick(500);
    t.fire(t.video, 'timeupdate');
    t.buffering(true);
    t.tick(6_000);
    t.buffering(false);
    t.tick(500);
    // Then the picture moves: 250 ms of media by this timeupdate, so it moved again 250 ms ago.
    t.moves(250);
    t.tick(DEBOUNCE_MS);
    expect(t.types().filter((x) => x.startsWith('rebuffer'))).toEqual(['rebuffer_start', 'rebuffer_end']);
    expect(t.last('rebuffer_end')).toMatchObject({ rebufferMs: 8_000, state: 'playing' });
    t.telemetry.stop();
    const sum = (key: 'playingMs' | 'rebufferingMs') => t.events().reduce((n, e) => n + (e[key] ?? 0), 0);
    expect(sum('rebufferingMs')).toBe(8_000);
    // 0.04 s to the first frame, 3 s, then the 250 ms since the stall ended and the debounce's second.
    expect(sum('playingMs')).toBe(3_000 + 250 + DEBOUNCE_MS);
  });

  it('does not take shaka moving the playhead into the live window during a stall for the picture moving', () => {
    const t = setup();
    t.attach();
    t.play();
    t.buffering(true);
    t.tick(2_000);
    t.buffering(false);
    t.video.seeking = true;
    t.video.currentTime += 4;
    t.fire(t.video, 'timeupdate');
    t.tick(300);
    t.video.seeking = false;
    t.fire(t.video, 'seeked');
    t.fire(t.video, 'timeupdate');
    t.tick(DEBOUNCE_MS);
    expect(t.types()).not.toContain('rebuffer_end');
    t.moves(500);
    t.tick(DEBOUNCE_MS);
    expect(t.last('rebuffer_end')?.rebufferMs).toBe(2_000 + 300 + DEBOUNCE_MS);
  });

  it('waits for the picture to move when the page loads the media again during a stall', () => {
    const t = setup();
    t.attach();
    t.play();
    t.moves(2_000);
    t.buffering(true);
    t.tick(3_000);
    t.buffering(false);
    // The page loads the live again (a ladder that grew): the playhead goes back, then to the edge.
    t.video.currentTime = 0;
    t.fire(t.video, 'timeupdate');
    t.tick(2_000);
    t.video.currentTime = 9.5;
    t.fire(t.video, 'timeupdate');
    t.tick(2_000);
    t.fire(t.video, 'timeupdate');
    expect(t.types()).not.toContain('rebuffer_end');
    // Then it plays: 0.3337 s of media by this timeupdate (the schema takes whole milliseconds).
    t.tick(334);
    t.video.currentTime += 0.3337;
    t.fire(t.video, 'timeupdate');
    t.tick(DEBOUNCE_MS);
    expect(t.last('rebuffer_end')?.rebufferMs).toBe(3_000 + 2_000 + 2_000);
  });

  it('ends a stall when the viewer pauses or leaves, whether shaka still buffers or not', () => {
    const t = setup();
    t.attach();
    t.play();
    t.buffering(true);
    t.tick(1_500);
    t.buffering(false);
    t.tick(2_000);
    t.video.paused = true;
    t.fire(t.video, 'pause');
    t.tick(DEBOUNCE_MS);
    expect(t.last('rebuffer_end')?.rebufferMs).toBe(3_500);
    expect(t.types().slice(-2)).toEqual(['rebuffer_end', 'pause']);
    t.video.paused = false;
    t.fire(t.video, 'play');
    t.buffering(true);
    t.tick(4_000);
    t.telemetry.stop();
    expect(t.types().slice(-3)).toEqual(['rebuffer_start', 'rebuffer_end', 'end']);
    expect(t.last('rebuffer_end')?.rebufferMs).toBe(4_000);
  });

  it('does not count a seek while paused, or a seek while playing, as a stall', () => {
    const t = setup();
    t.attach();
    t.play();
    t.video.paused = true;
    t.fire(t.video, 'pause');
    t.video.seeking = true;
    t.buffering(true);
    t.tick(800);
    t.video.seeking = false;
    t.buffering(false);
    t.video.paused = false;
    t.fire(t.video, 'play');
    t.video.seeking = true;
    t.buffering(true);
    t.tick(600);
    t.video.seeking = false;
    t.buffering(false);
    t.telemetry.stop();
    expect(t.types()).toEqual(['start', 'startup', 'pause', 'play', 'end']);
  });

  // docs/playback.md "Quality menu": the rendition reported is the picture's, not a manifest's label.
  it('reports the rendition by the picture on screen, and again when the picture changes size', () => {
    const t = setup();
    // The manifest read declared the playing rendition at 360 lines; the decoder shows 720.
    t.tracks.splice(0, t.tracks.length, { active: true, height: 360, bandwidth: 2_500_000 });
    Object.assign(t.video, { videoHeight: 720 });
    t.attach();
    t.play();
    t.tick(DEBOUNCE_MS);
    expect(t.last('startup')).toMatchObject({ rendition: '720p' });
    Object.assign(t.video, { videoHeight: 1080 });
    t.fire(t.video, 'resize');
    t.tick(DEBOUNCE_MS);
    expect(t.last('rendition')).toMatchObject({ rendition: '1080p' });
  });

  it('reports start, rendition changes, heartbeats with CMCD, then end by beacon', () => {
    const t = setup();
    t.attach();
    t.play();
    t.tracks[0]!.active = false;
    t.tracks[1]!.active = true;
    t.fire(t.player, 'adaptation');
    t.tick(HEARTBEAT_MS);
    t.telemetry.stop();

    expect(t.types()).toEqual(['start', 'startup', 'rendition', 'heartbeat', 'end']);
    expect(t.last('rendition')).toMatchObject({ rendition: '360p', bitrateKbps: 800 });
    expect(t.last('heartbeat')?.cmcd).toEqual({ bl: 6000, sf: 'h', st: 'l', br: 2500, mtp: 9000, tb: 2500 });
    expect(t.posts.at(-1)).toMatchObject({ events: [{ type: 'end' }], final: true });
  });

  it('after a renewal, posts with the new session', () => {
    const t = setup();
    t.attach();
    t.play();
    t.telemetry.renew('s2');
    t.tick(HEARTBEAT_MS);
    t.telemetry.stop();
    expect(t.credentials[0]).toEqual({ sessionId: 's' });
    expect(t.credentials.at(-1)).toEqual({ sessionId: 's2' });
  });

  it('never puts more events in one post than the server takes', () => {
    const t = setup();
    t.attach();
    t.play();
    for (let i = 0; i < 30; i++) {
      t.buffering(true);
      t.buffering(false);
      t.moves(1);
    }
    t.telemetry.flush(false);
    // start, then startup and 60 rebuffer events.
    expect(t.posts.map((p) => p.events.length)).toEqual([1, 20, 20, 20, 1]);
    for (const post of t.posts) expect(post.events.length).toBeLessThanOrEqual(MAX_EVENTS_PER_POST);
  });
});

describe('the CDN', () => {
  it('reads who served the media from the segment responses', () => {
    expect(cdnOf({ 'x-cdn': 'Akamai', via: '1.1 varnish' })).toBe('Akamai');
    expect(cdnOf({ via: '1.1 varnish, 1.1 d111.cloudfront.net (CloudFront)' })).toBe(
      '1.1 varnish 1.1 d111.cloudfront.net (CloudFront)',
    );
    expect(cdnOf({ 'x-served-by': 'cache-gru17420-GRU' })).toBe('cache-gru17420-GRU');
    expect(cdnOf({ 'cf-ray': '8c2a5e4b1f-GRU' })).toBe('cloudflare');
    expect(cdnOf({})).toBe('origin');
    // Inside the schema's pattern and length; a header left empty by that falls to the next one.
    expect(cdnOf({ 'x-cdn': 'édge<script>"x"' })).toBe('dge script x');
    expect(cdnOf({ 'x-cdn': 'x'.repeat(100) })).toHaveLength(64);
    expect(cdnOf({ 'x-cdn': '""', 'cf-ray': 'r' })).toBe('cloudflare');
  });

  it('attaches the CDN of the last segment to the events once known', () => {
    const t = setup();
    t.attach();
    expect(t.filters).toHaveLength(1);
    const respond = (type: number, headers: Record<string, string>) => t.filters[0]!(type, { headers });
    respond(0, { 'x-cdn': 'manifest-cdn' }); // a manifest: not the media
    t.play();
    t.tick(DEBOUNCE_MS);
    expect(t.last('startup')).not.toHaveProperty('cdn');
    respond(1, { 'x-cdn': 'palco-edge-1' });
    t.tick(HEARTBEAT_MS);
    expect(t.last('heartbeat')?.cdn).toBe('palco-edge-1');
    respond(1, { 'cf-ray': 'abc' });
    t.buffering(true);
    t.tick(DEBOUNCE_MS);
    expect(t.last('rebuffer_start')?.cdn).toBe('cloudflare');
    respond(1, {});
    t.telemetry.stop();
    expect(t.last('end')?.cdn).toBe('origin');
    // Stopping takes the filter off the player.
    expect(t.filters).toHaveLength(0);
  });
});

describe('a WebRTC (WHEP) player', () => {
  it('names its delivery webrtc, sends no streaming format, and hands over to HLS when it fails to start', () => {
    const t = setup();
    const whep = Object.assign(new EventTarget(), {
      deliveredBy: () => 'webrtc',
      getVariantTracks: () => [{ active: true, height: 360, bandwidth: 0 }],
    });
    const whepVideo = Object.assign(new EventTarget(), {
      currentTime: 0,
      paused: false,
      seeking: false,
      ended: false,
      buffered: { length: 0, end: () => 0 },
    });
    t.telemetry.attach(whep, whepVideo);
    // WebRTC said `playing` but never showed a frame: the page plays HLS in a new video instead.
    t.fire(whepVideo, 'playing');
    t.tick(3_000);
    t.attach();
    whepVideo.currentTime = 5; // the abandoned video's late events count for nothing
    t.fire(whepVideo, 'timeupdate');
    t.tick(DEBOUNCE_MS);
    expect(t.types()).toEqual(['start']);
    t.play();
    t.tick(DEBOUNCE_MS);
    expect(t.last('startup')).toMatchObject({ rendition: '720p' });
    expect(t.last('startup')).not.toHaveProperty('cdn');

    const w = setup();
    w.telemetry.attach(whep, whepVideo);
    whepVideo.currentTime = 0;
    w.fire(whepVideo, 'playing');
    whepVideo.currentTime = 0.04;
    w.fire(whepVideo, 'timeupdate');
    w.tick(DEBOUNCE_MS);
    expect(w.last('startup')).toMatchObject({ cdn: 'webrtc', rendition: '360p' });
    // Once started, the view stays with its player.
    w.attach();
    w.tick(HEARTBEAT_MS);
    const beat = w.last('heartbeat');
    expect(beat?.cdn).toBe('webrtc');
    expect(beat?.cmcd).not.toHaveProperty('sf');
    expect(beat?.cmcd).toMatchObject({ st: 'l' });
  });

  it('follows the player that takes the picture over after the first frame, keeping the startup time', () => {
    // docs/playback.md "Startup time: native HLS first": the browser's own HLS player shows the first
    // frame, then shaka plays in another video; the view's later events are that video's.
    const w = setup();
    const nativePlayer = Object.assign(new EventTarget(), {
      getVariantTracks: () => [{ active: true, height: 240, bandwidth: 0 }],
    });
    const nativeVideo = Object.assign(new EventTarget(), {
      currentTime: 0,
      paused: false,
      seeking: false,
      ended: false,
      videoHeight: 240,
      buffered: { length: 0, end: () => 0 },
    });
    w.telemetry.attach(nativePlayer, nativeVideo);
    w.tick(500);
    w.fire(nativeVideo, 'playing');
    nativeVideo.currentTime = 0.04;
    w.fire(nativeVideo, 'timeupdate');
    w.tick(DEBOUNCE_MS);
    expect(w.last('startup')).toMatchObject({ startupMs: 500, rendition: '240p' });
    w.telemetry.follow(w.player, w.video);
    // The native video's late events count for nothing; shaka's pause is the view's.
    nativeVideo.paused = true;
    w.fire(nativeVideo, 'pause');
    w.video.paused = true;
    w.fire(w.video, 'pause');
    w.tick(HEARTBEAT_MS);
    expect(w.types().filter((t) => t === 'startup')).toHaveLength(1);
    expect(w.types().filter((t) => t === 'pause')).toHaveLength(1);
    expect(w.last('heartbeat')).toMatchObject({ rendition: '720p' });
  });
});

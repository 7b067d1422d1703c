import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { BeaconBody } from '../../../server/src/routes/beacons/schema';
import { type BeaconEvent, MAX_EVENTS_PER_POST, Telemetry } from '../telemetry';

/** A player and a video as telemetry sees them: real event targets, shaka's stats as numbers. */
function setup(manifestType: 'hls' | 'dash' = 'hls') {
  let clock = 1_000_000;
  const posts: { events: BeaconEvent[]; final: boolean }[] = [];
  const tracks = [
    { active: true, height: 720, bandwidth: 2_500_000 },
    { active: false, height: 360, bandwidth: 800_000 },
  ];
  const player = Object.assign(new EventTarget(), {
    getStats: () => ({ streamBandwidth: 2_500_000, estimatedBandwidth: 9_000_000 }),
    getVariantTracks: () => tracks,
  });
  const video = Object.assign(new EventTarget(), {
    currentTime: 10,
    buffered: { length: 1, end: () => 16 },
  });
  const telemetry = new Telemetry({ sessionId: 's', kind: 'live', manifestType }, player, video, {
    now: () => clock,
    send: (body, final) => {
      const parsed = JSON.parse(body) as { sessionId: string; events: BeaconEvent[] };
      // Every post is one the server's schema takes.
      expect(Value.Errors(BeaconBody, parsed)).toEqual([]);
      expect(parsed.sessionId).toBe('s');
      posts.push({ events: parsed.events, final });
    },
  });
  const tick = (ms: number) => {
    clock += ms;
  };
  const buffering = (on: boolean) =>
    player.dispatchEvent(Object.assign(new Event('buffering'), { buffering: on }));
  const types = () => posts.flatMap((p) => p.events.map((e) => e.type));
  return { telemetry, player, video, tracks, posts, tick, buffering, types };
}

describe('player telemetry', () => {
  it('reports start, startup time, rebuffers, rendition changes, heartbeats with CMCD, then end by beacon', () => {
    const t = setup();
    t.tick(800);
    t.video.dispatchEvent(new Event('playing'));
    t.tick(5_000);
    t.buffering(true);
    t.tick(1_200);
    t.buffering(false);
    t.tracks[0]!.active = false;
    t.tracks[1]!.active = true;
    t.player.dispatchEvent(new Event('adaptation'));
    t.telemetry.heartbeat();
    t.telemetry.stop();

    expect(t.types()).toEqual([
      'start',
      'startup',
      'rebuffer_start',
      'rebuffer_end',
      'rendition',
      'heartbeat',
      'end',
    ]);
    const events = t.posts.flatMap((p) => p.events);
    expect(events[1]).toMatchObject({ startupMs: 800, rendition: '720p', bitrateKbps: 2500 });
    expect(events[3]).toMatchObject({ rebufferMs: 1200 });
    expect(events[4]).toMatchObject({ rendition: '360p', bitrateKbps: 800 });
    expect(events[5]?.cmcd).toEqual({ bl: 6000, sf: 'h', st: 'l', br: 2500, mtp: 9000, tb: 2500 });
    expect(t.posts.at(-1)).toEqual({ events: [expect.objectContaining({ type: 'end' })], final: true });
  });

  it('tells a viewer who left before the first frame from one whose startup failed', () => {
    const left = setup();
    left.telemetry.stop();
    expect(left.types()).toEqual(['start', 'exit_before_start']);

    const failed = setup('dash');
    failed.player.dispatchEvent(Object.assign(new Event('error'), { detail: { code: 1002 } }));
    failed.telemetry.stop();
    expect(failed.types()).toEqual(['start', 'startup_failed']);
    expect(failed.posts.flatMap((p) => p.events)[1]).toMatchObject({ error: '1002' });
  });

  it('never puts more events in one post than the server takes', () => {
    const t = setup();
    t.video.dispatchEvent(new Event('playing'));
    for (let i = 0; i < 30; i++) {
      t.buffering(true);
      t.buffering(false);
    }
    t.telemetry.flush(false);
    expect(t.posts.length).toBe(4);
    for (const post of t.posts) expect(post.events.length).toBeLessThanOrEqual(MAX_EVENTS_PER_POST);
    expect(t.posts.reduce((n, p) => n + p.events.length, 0)).toBe(62);
  });
});

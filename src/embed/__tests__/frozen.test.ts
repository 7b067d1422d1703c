import { describe, expect, it } from 'vitest';
import { FROZEN_CHECK_MS, FROZEN_MS, watchFrozen } from '../frozen';

/** A video element and a clock driven by the test: `tick` moves the clock by one check. */
function setup() {
  const video = { currentTime: 5, paused: false, ended: false };
  let now = 0;
  let hidden = false;
  let check: (() => void) | null = null;
  let frozen = 0;
  const stop = watchFrozen(video, () => frozen++, {
    now: () => now,
    repeat(run, ms) {
      expect(ms).toBe(FROZEN_CHECK_MS);
      check = run;
      return () => {
        check = null;
      };
    },
    hidden: () => hidden,
  });
  const tick = (checks = 1) => {
    for (let i = 0; i < checks; i++) {
      now += FROZEN_CHECK_MS;
      check?.();
    }
  };
  return {
    video,
    tick,
    stop,
    frozen: () => frozen,
    watching: () => check !== null,
    hide: (value: boolean) => {
      hidden = value;
    },
  };
}

const CHECKS = FROZEN_MS / FROZEN_CHECK_MS;

describe('a frozen live player', () => {
  it('is started again once, when the playhead stood still for the whole time while meant to play', () => {
    const s = setup();
    s.tick(CHECKS - 1);
    expect(s.frozen()).toBe(0);
    s.tick();
    expect(s.frozen()).toBe(1);
    // Told once: the page starts a new player, which has its own watch.
    expect(s.watching()).toBe(false);
    s.tick(CHECKS);
    expect(s.frozen()).toBe(1);
  });

  it('is not frozen while the picture moves, even by a little, nor after a stall that ended', () => {
    const s = setup();
    for (let i = 0; i < 3 * CHECKS; i++) {
      s.video.currentTime += 0.01;
      s.tick();
    }
    // A stall of most of the time, then the picture moves again: the time starts from there.
    s.tick(CHECKS - 1);
    s.video.currentTime += 2;
    s.tick(CHECKS - 1);
    expect(s.frozen()).toBe(0);
    expect(s.watching()).toBe(true);
  });

  it('leaves a paused, ended or hidden player alone, and counts again from when it plays', () => {
    const s = setup();
    s.video.paused = true;
    s.tick(2 * CHECKS);
    s.video.paused = false;
    s.tick(CHECKS - 1);
    s.video.ended = true;
    s.tick(2 * CHECKS);
    s.video.ended = false;
    s.tick(CHECKS - 1);
    s.hide(true);
    s.tick(2 * CHECKS);
    s.hide(false);
    s.tick(CHECKS - 1);
    expect(s.frozen()).toBe(0);
    s.tick();
    expect(s.frozen()).toBe(1);
  });

  it('stops watching when the page stops the player', () => {
    const s = setup();
    s.stop();
    expect(s.watching()).toBe(false);
    s.tick(2 * CHECKS);
    expect(s.frozen()).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { claimFpsAlert, FPS_ALERT_THROTTLE_MS, type GateDeps, mayAlert } from '../fps-gate';

describe('mayAlert', () => {
  it('lets an alert through at most once per 10 s', () => {
    expect(mayAlert(undefined, 1_000)).toBe(true);
    expect(mayAlert(1_000, 1_000)).toBe(false);
    expect(mayAlert(1_000, 10_999)).toBe(false);
    expect(mayAlert(1_000, 11_000)).toBe(true);
    expect(mayAlert(Number.NaN, 5)).toBe(true);
  });

  it('is not blocked for good by a clock set back', () => {
    expect(mayAlert(50_000, 1_000)).toBe(true);
  });
});

/** Tabs of one browser: one lock manager shared (Web Locks' `ifAvailable`: a held lock answers null),
 * and each tab's storage a view that may lag behind another tab's write (`stale`: what another renderer
 * process can read right after a write). The window's wait resolves when the test says so. */
function browser({ stale = false } = {}) {
  const store = new Map<string, string>();
  let held = false;
  let clock = 0;
  const releases: Array<() => void> = [];
  const locks = {
    request: (async (
      _name: string,
      _options: LockOptions,
      callback: (lock: Lock | null) => Promise<unknown>,
    ) => {
      if (held) return callback(null);
      held = true;
      try {
        return await callback({ name: 'palco-fps-alert', mode: 'exclusive' } as Lock);
      } finally {
        held = false;
      }
    }) as unknown as LockManager['request'],
  };
  const tab = (hidden = false): GateDeps => ({
    storage: {
      getItem: (k) => (stale ? null : (store.get(k) ?? null)),
      setItem: (k, v) => void store.set(k, v),
    },
    locks,
    now: () => clock,
    hidden: () => hidden,
    // The hidden tab's short delay passes at once; the window's wait ends with endWindow().
    wait: (ms) =>
      ms < FPS_ALERT_THROTTLE_MS ? Promise.resolve() : new Promise<void>((resolve) => releases.push(resolve)),
  });
  const endWindow = async () => {
    for (const release of releases.splice(0)) release();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { tab, advance: (ms: number) => (clock += ms), endWindow };
}

describe('claimFpsAlert', () => {
  it('two tabs asking for the same alert at once: exactly one opens it', async () => {
    const b = browser();
    b.advance(100_000);
    const results = await Promise.all([claimFpsAlert(b.tab()), claimFpsAlert(b.tab())]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('one dialog even when the other tab reads a stale "last shown" time', async () => {
    const b = browser({ stale: true });
    b.advance(100_000);
    expect(await claimFpsAlert(b.tab())).toBe(true);
    expect(await claimFpsAlert(b.tab())).toBe(false);
  });

  it('another alert within 10 s opens nowhere; after 10 s it opens again', async () => {
    const b = browser();
    b.advance(100_000);
    expect(await claimFpsAlert(b.tab())).toBe(true);
    b.advance(9_000);
    expect(await claimFpsAlert(b.tab())).toBe(false);
    expect(await claimFpsAlert(b.tab(true))).toBe(false);
    b.advance(1_000);
    await b.endWindow();
    expect(await claimFpsAlert(b.tab())).toBe(true);
  });

  it('without Web Locks or storage it still decides (this tab alone)', async () => {
    const deps: GateDeps = {
      storage: undefined,
      locks: undefined,
      now: () => 1,
      hidden: () => false,
      wait: () => Promise.resolve(),
    };
    expect(await claimFpsAlert(deps)).toBe(true);
  });
});

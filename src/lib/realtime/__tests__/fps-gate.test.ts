import { describe, expect, it } from 'vitest';
import { claimFpsAlert, type GateDeps, mayAlert } from '../fps-gate';

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

/** Tabs of one browser: one storage and one lock manager shared (held in turn, like Web Locks). */
function browser() {
  const store = new Map<string, string>();
  let queue = Promise.resolve<unknown>(undefined);
  let clock = 0;
  const locks = {
    request: ((_name: string, callback: () => Promise<unknown>) => {
      const run = queue.then(callback);
      queue = run.catch(() => undefined);
      return run;
    }) as unknown as LockManager['request'],
  };
  const tab = (hidden = false): GateDeps => ({
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    locks,
    now: () => clock,
    hidden: () => hidden,
    wait: () => Promise.resolve(),
  });
  return { tab, advance: (ms: number) => (clock += ms) };
}

describe('claimFpsAlert', () => {
  it('two tabs asking for the same alert at once: exactly one opens it', async () => {
    const b = browser();
    b.advance(100_000);
    const results = await Promise.all([claimFpsAlert(b.tab()), claimFpsAlert(b.tab())]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('another alert within 10 s opens nowhere; after 10 s it opens again', async () => {
    const b = browser();
    b.advance(100_000);
    expect(await claimFpsAlert(b.tab())).toBe(true);
    b.advance(9_000);
    expect(await claimFpsAlert(b.tab())).toBe(false);
    expect(await claimFpsAlert(b.tab(true))).toBe(false);
    b.advance(1_000);
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

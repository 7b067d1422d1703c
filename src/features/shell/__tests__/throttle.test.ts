import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from '../components/scroll-to-top';

describe('throttle (scroll handler, SPEC §9 200 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once, then at most every 200 ms, and once at the end of a burst', () => {
    const fn = vi.fn();
    const t = throttle(fn, 200);
    t();
    expect(fn).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(10);
      t();
    }
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(100);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});

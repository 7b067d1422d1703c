import { describe, expect, it } from 'vitest';
import { backoffDelay } from '@/lib/backoff';

describe('backoffDelay', () => {
  it('doubles from the base up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map((a) => backoffDelay(a))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, { baseMs: 500, maxMs: 3_000 }))).toEqual([
      500, 1_000, 2_000, 3_000,
    ]);
  });

  it('takes at most a fifth off with jitter, never adds', () => {
    expect(backoffDelay(2, { jitter: true, random: () => 0 })).toBe(4_000);
    expect(backoffDelay(2, { jitter: true, random: () => 0.999_999 })).toBe(3_200);
    expect(backoffDelay(9, { jitter: true, random: () => 0.5 })).toBe(27_000);
  });

  it('treats a negative or fractional attempt as a whole one from zero', () => {
    expect(backoffDelay(-3)).toBe(1_000);
    expect(backoffDelay(1.7)).toBe(2_000);
  });
});

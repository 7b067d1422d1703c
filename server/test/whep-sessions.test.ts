import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhepSessions } from '../src/media/whep-sessions.ts';

// The WHEP viewers' bookkeeping (docs/playback.md "WHEP"): the per-live and per-address bounds, a place
// given back when a session ends, the token's expiry, and the delivered seconds billed.

const LIVE = 'live-1';
const leg = () => {
  let ended: (() => void) | null = null;
  const closed = { count: 0 };
  return {
    closed,
    end: () => ended?.(),
    subscription: {
      answer: 'v=0',
      close: () => {
        closed.count++;
      },
      onClosed: (listener: () => void) => {
        ended = listener;
      },
    },
  };
};

afterEach(() => {
  vi.useRealTimers();
});

describe('WHEP sessions', () => {
  it('bounds viewers per live and per address, and gives a place back when a session ends', async () => {
    const sessions = new WhepSessions({ maxPerLive: 3, maxPerAddress: 2, deliver: () => {} });
    const far = Date.now() + 3_600_000;
    const a = sessions.admit({ liveId: LIVE, accountId: 'acc', address: '1.1.1.1', expiresAt: far });
    const b = sessions.admit({ liveId: LIVE, accountId: 'acc', address: '1.1.1.1', expiresAt: far });
    expect(a.ok && b.ok).toBe(true);
    expect(sessions.admit({ liveId: LIVE, accountId: 'acc', address: '1.1.1.1', expiresAt: far })).toEqual({
      ok: false,
      bound: 'address',
    });
    const c = sessions.admit({ liveId: LIVE, accountId: 'acc', address: '2.2.2.2', expiresAt: far });
    expect(c.ok).toBe(true);
    expect(sessions.admit({ liveId: LIVE, accountId: 'acc', address: '3.3.3.3', expiresAt: far })).toEqual({
      ok: false,
      bound: 'live',
    });
    // Another live has its own places.
    expect(
      sessions.admit({ liveId: 'live-2', accountId: 'acc', address: '3.3.3.3', expiresAt: far }).ok,
    ).toBe(true);
    // The forwarder drops a viewer (the publisher left): its place is free again.
    const first = leg();
    if (!a.ok) throw new Error('admitted');
    expect(sessions.attach(a.id, first.subscription)).toBe(true);
    first.end();
    await vi.waitFor(() => expect(sessions.countLive(LIVE)).toBe(2));
    expect(first.closed.count).toBe(1);
    expect(sessions.admit({ liveId: LIVE, accountId: 'acc', address: '3.3.3.3', expiresAt: far }).ok).toBe(
      true,
    );
    await sessions.close();
    expect(sessions.countLive(LIVE)).toBe(0);
  });

  it('ends a session at its token’s expiry and bills the seconds it was delivered', async () => {
    vi.useFakeTimers();
    const billed: number[] = [];
    const sessions = new WhepSessions({
      maxPerLive: 10,
      maxPerAddress: 10,
      deliver: (_account, seconds) => billed.push(seconds),
    });
    const admitted = sessions.admit({
      liveId: LIVE,
      accountId: 'acc',
      address: '1.1.1.1',
      expiresAt: Date.now() + 25_000,
    });
    if (!admitted.ok) throw new Error('admitted');
    const viewer = leg();
    sessions.attach(admitted.id, viewer.subscription);
    await vi.advanceTimersByTimeAsync(24_000);
    expect(sessions.has(admitted.id)).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sessions.has(admitted.id)).toBe(false);
    expect(viewer.closed.count).toBe(1);
    expect(billed.reduce((a, b) => a + b, 0)).toBe(25);
    // A leg answered after its session ended is closed at once.
    const late = leg();
    expect(sessions.attach(admitted.id, late.subscription)).toBe(false);
    expect(late.closed.count).toBe(1);
    await sessions.close();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAST_VISITED_KEY } from '@/lib/last-visited';
import {
  afterTeamSelection,
  decideRootRedirect,
  isInternalPath,
  scheduleLastVisitedReset,
} from '../root-redirect';

const hosts = { webcam: 'https://cam.test', analytics: 'https://stats.test' };

describe("decideRootRedirect (SPEC §2.2 '/')", () => {
  it('goes to /streaming without a last visited page', () => {
    expect(decideRootRedirect(null, hosts)).toEqual({ to: '/streaming', external: null });
    expect(decideRootRedirect('', hosts)).toEqual({ to: '/streaming', external: null });
  });

  it('goes back to the last visited page, query included', () => {
    expect(decideRootRedirect('/historic', hosts)).toEqual({ to: '/historic', external: null });
    expect(decideRootRedirect('/records?page=2', hosts)).toEqual({ to: '/records?page=2', external: null });
  });

  it('sends a webcam visit to the webcam host and the console to /streaming', () => {
    expect(decideRootRedirect('/webcam/room-1?x=1', hosts)).toEqual({
      to: '/streaming',
      external: 'https://cam.test/webcam/room-1?x=1',
    });
  });

  it('sends an analytics-flagged visit to the analytics host and the console to /streaming', () => {
    expect(decideRootRedirect('analytics:/vod/demo', hosts)).toEqual({
      to: '/streaming',
      external: 'https://stats.test/vod/demo',
    });
  });

  it('stays in the console when this build has no webcam or analytics app', () => {
    const none = { webcam: null, analytics: null };
    expect(decideRootRedirect('/webcam/room-1', none)).toEqual({ to: '/streaming', external: null });
    expect(decideRootRedirect('analytics:/vod/demo', none)).toEqual({ to: '/streaming', external: null });
  });

  it('never leaves for another host, whatever the stored value', () => {
    expect(decideRootRedirect('//evil.test/x', hosts)).toEqual({ to: '/streaming', external: null });
    expect(decideRootRedirect('https://evil.test', hosts)).toEqual({ to: '/streaming', external: null });
    expect(decideRootRedirect('analytics://evil.test/x', hosts).external).toMatch(/^https:\/\/stats\.test\//);
    expect(decideRootRedirect('//evil.test/webcam', hosts).external).toMatch(/^https:\/\/cam\.test\//);
  });

  it("does not loop on '/'", () => {
    expect(decideRootRedirect('/', hosts).to).toBe('/streaming');
  });
});

describe('isInternalPath', () => {
  it('accepts one leading slash only', () => {
    expect(isInternalPath('/a')).toBe(true);
    expect(isInternalPath('//a')).toBe(false);
    expect(isInternalPath('/\\a')).toBe(false);
    expect(isInternalPath('a')).toBe(false);
    expect(isInternalPath(undefined)).toBe(false);
  });
});

describe('afterTeamSelection (SPEC §2.1)', () => {
  it('prefers redirectTo, then the last visited page, then /streaming', () => {
    expect(afterTeamSelection('/billing', '/historic')).toBe('/billing');
    expect(afterTeamSelection(undefined, '/historic')).toBe('/historic');
    expect(afterTeamSelection(undefined, null)).toBe('/streaming');
  });

  it('ignores unsafe or looping redirectTo values', () => {
    expect(afterTeamSelection('https://evil.test', '/historic')).toBe('/historic');
    expect(afterTeamSelection('/select-team', null)).toBe('/streaming');
    expect(afterTeamSelection('/logout', null)).toBe('/streaming');
    expect(afterTeamSelection(undefined, '/webcam/1')).toBe('/streaming');
  });
});

describe('scheduleLastVisitedReset', () => {
  let store: Map<string, string>;
  const storage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  } as Storage;
  beforeEach(() => {
    store = new Map();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('clears the value 1 second later', () => {
    store.set(LAST_VISITED_KEY, '/webcam/1');
    scheduleLastVisitedReset('/webcam/1', storage, undefined);
    vi.advanceTimersByTime(999);
    expect(store.get(LAST_VISITED_KEY)).toBe('/webcam/1');
    vi.advanceTimersByTime(1);
    expect(store.has(LAST_VISITED_KEY)).toBe(false);
  });

  it('resets at once when the page is left before the second is over', () => {
    const page = new EventTarget();
    store.set(LAST_VISITED_KEY, '/webcam/1');
    scheduleLastVisitedReset('/webcam/1', storage, page as unknown as Window);
    vi.advanceTimersByTime(100);
    page.dispatchEvent(new Event('pagehide'));
    expect(store.has(LAST_VISITED_KEY)).toBe(false);
  });

  it('keeps a newer page remembered meanwhile', () => {
    store.set(LAST_VISITED_KEY, '/webcam/1');
    scheduleLastVisitedReset('/webcam/1', storage, undefined);
    store.set(LAST_VISITED_KEY, '/streaming');
    vi.advanceTimersByTime(1000);
    expect(store.get(LAST_VISITED_KEY)).toBe('/streaming');
  });
});

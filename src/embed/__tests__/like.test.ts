import { describe, expect, it } from 'vitest';
import { canLike, createLikeToggle, type LikeInfo, likeRequest } from '../like';
import { playbackInfo } from './fixture';

const BASE = 'https://palco.example/embed/vod/v1';
const VIDEO = 'v0000000-0000-4000-8000-000000000009';
const vod = (over: Partial<LikeInfo> = {}): LikeInfo =>
  playbackInfo({
    kind: 'vod',
    id: VIDEO,
    status: 'ready',
    channelUrl: null,
    latencyTargets: null,
    likeUrl: `/v1/public/videos/${VIDEO}/likes`,
    sessionId: 'sess-1',
    ...over,
  });

/** A fetch that records its calls and answers each with the next status (or a network failure). */
function fakeFetch(answers: (number | 'network')[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const pending: (() => void)[] = [];
  let held = false;
  const impl = ((url: string, init: RequestInit) => {
    calls.push({ url, init });
    const answer = answers.shift() ?? 204;
    const settle = () =>
      answer === 'network'
        ? Promise.reject(new TypeError('Failed to fetch'))
        : Promise.resolve(new Response(null, { status: answer }));
    if (!held) return settle();
    return new Promise<Response>((resolve, reject) => {
      pending.push(() => settle().then(resolve, reject));
    });
  }) as unknown as typeof fetch;
  return {
    impl,
    calls,
    /** Calls wait until `release()` (to press the button while one is under way). */
    hold: () => {
      held = true;
    },
    release: () => {
      held = false;
      for (const go of pending.splice(0)) go();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the like call', () => {
  it('posts the playback session to likeUrl to like, deletes it to unlike, with no cookie', () => {
    const like = likeRequest(vod(), true, BASE);
    expect(like?.url).toBe(`https://palco.example/v1/public/videos/${VIDEO}/likes`);
    expect(like?.init).toMatchObject({ method: 'POST', credentials: 'omit' });
    expect(JSON.parse(String(like?.init.body))).toEqual({ sessionId: 'sess-1' });
    expect(new Headers(like?.init.headers).get('content-type')).toBe('application/json');
    const unlike = likeRequest(vod(), false, BASE);
    expect(unlike?.init).toMatchObject({ method: 'DELETE', credentials: 'omit' });
    expect(JSON.parse(String(unlike?.init.body))).toEqual({ sessionId: 'sess-1' });
  });

  it('is not offered for a live, nor for a VOD whose answer has no likeUrl (an older server)', () => {
    expect(canLike(playbackInfo({ likeUrl: null }))).toBe(false);
    expect(canLike(playbackInfo({ likeUrl: '/v1/public/videos/x/likes' }))).toBe(false);
    expect(likeRequest(playbackInfo(), true, BASE)).toBeNull();
    expect(canLike(vod({ likeUrl: null }))).toBe(false);
    expect(canLike(vod({ likeUrl: undefined }))).toBe(false);
    expect(canLike(vod())).toBe(true);
  });
});

describe('the like toggle', () => {
  it('shows a press at once and keeps it when the server accepts it', async () => {
    const api = fakeFetch([204, 204]);
    const shown: boolean[] = [];
    const toggle = createLikeToggle(
      () => vod(),
      (l) => shown.push(l),
      api.impl,
      BASE,
    );
    toggle.toggle();
    expect(toggle.liked).toBe(true);
    await settle();
    expect(api.calls.map((c) => c.init.method)).toEqual(['POST']);
    expect(toggle.liked).toBe(true);
    toggle.toggle();
    await settle();
    expect(api.calls.map((c) => c.init.method)).toEqual(['POST', 'DELETE']);
    expect(shown).toEqual([true, false]);
  });

  it('puts the button back when the call fails (403 for a session no longer valid, a network error)', async () => {
    for (const failure of [403, 500, 'network'] as const) {
      const api = fakeFetch([failure]);
      const shown: boolean[] = [];
      const toggle = createLikeToggle(
        () => vod(),
        (l) => shown.push(l),
        api.impl,
        BASE,
      );
      toggle.toggle();
      await settle();
      expect(toggle.liked, String(failure)).toBe(false);
      expect(shown, String(failure)).toEqual([true, false]);
    }
  });

  it('reverts an unlike that fails to liked', async () => {
    const api = fakeFetch([204, 403]);
    const shown: boolean[] = [];
    const toggle = createLikeToggle(
      () => vod(),
      (l) => shown.push(l),
      api.impl,
      BASE,
    );
    toggle.toggle();
    await settle();
    toggle.toggle();
    await settle();
    expect(toggle.liked).toBe(true);
    expect(shown).toEqual([true, false, true]);
  });

  it('sends only the last choice of presses made while a call is under way', async () => {
    const api = fakeFetch([204, 204]);
    const toggle = createLikeToggle(
      () => vod(),
      () => undefined,
      api.impl,
      BASE,
    );
    api.hold();
    toggle.toggle(); // like: sent, held
    toggle.toggle(); // unlike
    toggle.toggle(); // like again: what the server is getting already
    api.release();
    await settle();
    expect(api.calls.map((c) => c.init.method)).toEqual(['POST']);
    api.hold();
    toggle.toggle(); // unlike: sent, held
    toggle.toggle(); // like again
    api.release();
    await settle();
    await settle();
    // The server got the unlike, so the last like is sent after it.
    expect(api.calls.map((c) => c.init.method)).toEqual(['POST', 'DELETE', 'POST']);
    expect(toggle.liked).toBe(true);
  });

  it('sends the renewed playback session', async () => {
    const api = fakeFetch([204, 204]);
    let info = vod();
    const toggle = createLikeToggle(
      () => info,
      () => undefined,
      api.impl,
      BASE,
    );
    toggle.toggle();
    await settle();
    info = vod({ sessionId: 'sess-2' });
    toggle.toggle();
    await settle();
    expect(api.calls.map((c) => JSON.parse(String(c.init.body)).sessionId)).toEqual(['sess-1', 'sess-2']);
  });
});

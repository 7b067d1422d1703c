import { describe, expect, it } from 'vitest';
import { embeddingOrigin, playbackPath, signedPrefix, targetOf, withToken } from '../route';

const ID = 'f0000000-0000-4000-8000-000000000001';

describe('the embed route', () => {
  it('tells a live from a VOD video, and refuses anything else', () => {
    expect(targetOf(`/embed/${ID}`)).toEqual({ kind: 'live', id: ID });
    expect(targetOf(`/embed/${ID}/`)).toEqual({ kind: 'live', id: ID });
    expect(targetOf(`/embed/vod/${ID}`)).toEqual({ kind: 'vod', id: ID });
    for (const path of [
      '/embed',
      '/embed/vod',
      `/embed/${ID}/x`,
      '/embed/a%2Fb',
      `/x/${ID}`,
      `/embed/vod/${ID}/x`,
    ])
      expect(targetOf(path), path).toBeNull();
  });

  it('asks the endpoint of its kind, with the origin when framed', () => {
    expect(playbackPath({ kind: 'live', id: ID }, 'https://a.example:8443')).toBe(
      `/v1/public/lives/${ID}/playback?origin=https%3A%2F%2Fa.example%3A8443`,
    );
    expect(playbackPath({ kind: 'vod', id: ID }, null)).toBe(`/v1/public/videos/${ID}/playback`);
    // A renewal keeps the viewer session.
    expect(playbackPath({ kind: 'live', id: ID }, null, 'a.b')).toBe(
      `/v1/public/lives/${ID}/playback?sessionId=a.b`,
    );
  });

  it("takes the embedding page's origin from the frame's ancestors, else the referrer", () => {
    const top = {};
    const framed = (ancestors: string[] | undefined, referrer = '') => ({
      top,
      self: {},
      location: { ancestorOrigins: ancestors },
      document: { referrer },
    });
    expect(embeddingOrigin(framed(['https://site.example:8080']))).toBe('https://site.example:8080');
    expect(embeddingOrigin(framed(undefined, 'https://blog.example/post/1?x=2'))).toBe(
      'https://blog.example',
    );
    expect(embeddingOrigin(framed([], ''))).toBeNull();
    // Not framed: a top-level visit sends no origin.
    expect(
      embeddingOrigin({ top, self: top, location: {}, document: { referrer: 'https://x.example/' } }),
    ).toBeNull();
  });

  it('swaps a renewed token into later media requests of the same live only', () => {
    const prefix = signedPrefix(`http://h/play/live/${ID}/NEW/master.m3u8`) as string;
    expect(prefix).toBe(`http://h/play/live/${ID}/NEW/`);
    expect(withToken(`http://h/play/live/${ID}/OLD/720p/seg_00012.ts`, prefix)).toBe(
      `http://h/play/live/${ID}/NEW/720p/seg_00012.ts`,
    );
    expect(withToken('http://h/play/live/other/OLD/a.ts', prefix)).toBe('http://h/play/live/other/OLD/a.ts');
    expect(withToken('http://ads.example/ad.mp4', prefix)).toBe('http://ads.example/ad.mp4');
  });
});

import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyVodEvent } from '../api/realtime';

const ACCOUNT = 'a1';
const event = (status: string, progress: number) => ({
  id: String(progress),
  evento: 'video_status' as const,
  timestamp: 't',
  video_id: 'v1',
  status,
  progress,
});
const video = (status: string, progress: number) => ({ id: 'v1', status, progress, title: 'Aula' });

describe('applyVodEvent', () => {
  it('moves the progress of the same status everywhere it is shown, without asking the server', () => {
    const q = new QueryClient();
    const listKey = ['vod', ACCOUNT, 'videos', { page: 1 }];
    q.setQueryData(
      ['vod', ACCOUNT, 'transcode-progress'],
      [{ videoId: 'v1', type: 'transcode', status: 'processing', progress: 10 }],
    );
    q.setQueryData(listKey, { items: [video('processing', 10), { ...video('ready', 100), id: 'v2' }] });
    q.setQueryData(['vod', ACCOUNT, 'video', 'v1'], video('processing', 10));
    applyVodEvent(q, ACCOUNT, event('processing', 42));
    expect(
      q.getQueryData<{ progress: number }[]>(['vod', ACCOUNT, 'transcode-progress'])?.[0]?.progress,
    ).toBe(42);
    expect(q.getQueryData<{ items: { progress: number }[] }>(listKey)?.items.map((v) => v.progress)).toEqual([
      42, 100,
    ]);
    expect(q.getQueryData<{ progress: number }>(['vod', ACCOUNT, 'video', 'v1'])?.progress).toBe(42);
    expect(q.getQueryState(listKey)?.isInvalidated).toBe(false);
  });

  it('a status change (or a video it does not know) reads the lists and the video again', () => {
    const q = new QueryClient();
    const listKey = ['vod', ACCOUNT, 'videos', { page: 1 }];
    q.setQueryData(listKey, { items: [video('processing', 90)] });
    q.setQueryData(['vod', ACCOUNT, 'video', 'v1'], video('processing', 90));
    applyVodEvent(q, ACCOUNT, event('ready', 100));
    expect(q.getQueryState(listKey)?.isInvalidated).toBe(true);
    expect(q.getQueryState(['vod', ACCOUNT, 'video', 'v1'])?.isInvalidated).toBe(true);
  });

  it('a queued video whose transcode starts is read again, so that it stops saying "Na fila"', () => {
    const q = new QueryClient();
    const listKey = ['vod', ACCOUNT, 'videos', { page: 1 }];
    q.setQueryData(listKey, { items: [{ ...video('processing', 0), queued: true }] });
    // The upload's own announcement (queued) changes nothing.
    applyVodEvent(q, ACCOUNT, { ...event('processing', 0), queued: true });
    expect(q.getQueryState(listKey)?.isInvalidated).toBe(false);
    // The transcoder's start: the same status and percent, no longer queued.
    applyVodEvent(q, ACCOUNT, { ...event('processing', 0), queued: false });
    expect(q.getQueryState(listKey)?.isInvalidated).toBe(true);
  });
});

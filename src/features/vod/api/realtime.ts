import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '@/lib/realtime/events';
import { useRealtimeEvents } from '@/lib/realtime/use-realtime';
import type { ProgressItem, Video } from './structs';

export interface VideoPage {
  items: Video[];
}

/** What a `video_status` event changes (docs/realtime-console.md "What the events change"): progress within
 * the same status moves the processing modal, the library rows and an open video at once; a new item or a
 * status change reads them again from the server. */
export function applyVodEvent(queryClient: QueryClient, accountId: string, event: RealtimeEvent) {
  if (event.evento === 'replay_incompleto') {
    void queryClient.invalidateQueries({ queryKey: ['vod', accountId] });
    return;
  }
  if (event.evento === 'conectado') {
    // Only the first load's shell needs this module: what a connection reads again comes on demand.
    void import('./refresh-unsettled').then(({ refreshUnsettled }) =>
      refreshUnsettled(queryClient, accountId),
    );
    return;
  }
  if (event.evento !== 'video_status') return;
  const id = event.video_id;
  const progressKey = ['vod', accountId, 'transcode-progress'];
  // Queued and started are both 'processing' at 0%: the start of a queued video's transcode reads it
  // again like a status change, so that it stops saying "Na fila" (docs/uploads.md "Queued transcodes").
  const status = event.queued ? QUEUED : event.status;
  if (knownStatus(queryClient, accountId, id) === status && typeof event.progress === 'number') {
    const progress = event.progress;
    const moved = <T extends { status: string; progress: number }>(v: T): T =>
      v.status === event.status ? { ...v, progress } : v;
    queryClient.setQueryData<ProgressItem[]>(progressKey, (old) =>
      old?.map((i) => (i.videoId === id && i.type !== 'subtitles' ? { ...i, progress } : i)),
    );
    queryClient.setQueriesData<VideoPage>({ queryKey: ['vod', accountId, 'videos'] }, (old) =>
      old ? { ...old, items: old.items.map((v) => (v.id === id ? moved(v) : v)) } : old,
    );
    queryClient.setQueryData<Video>(['vod', accountId, 'video', id], (old) => (old ? moved(old) : old));
    return;
  }
  void queryClient.invalidateQueries({ queryKey: progressKey });
  void queryClient.invalidateQueries({ queryKey: ['vod', accountId, 'video', id] });
  void queryClient.invalidateQueries({ queryKey: ['vod', accountId, 'videos'] });
}

const QUEUED = 'processing:queued';
const statusOf = (v: { status?: string; queued?: boolean }) => (v.queued ? QUEUED : v.status);

/** The video's status as any cached answer holds it (the modal's list, a library page, the video); a
 * queued video's is QUEUED. */
function knownStatus(queryClient: QueryClient, accountId: string, id: string): string | undefined {
  const item = queryClient
    .getQueryData<ProgressItem[]>(['vod', accountId, 'transcode-progress'])
    ?.find((i) => i.videoId === id && i.type !== 'subtitles');
  if (item?.status) return statusOf(item);
  for (const [, page] of queryClient.getQueriesData<VideoPage>({ queryKey: ['vod', accountId, 'videos'] })) {
    const video = page?.items.find((v) => v.id === id);
    if (video) return statusOf(video);
  }
  const video = queryClient.getQueryData<Video>(['vod', accountId, 'video', id]);
  return video ? statusOf(video) : undefined;
}

export function useVodRealtime(accountId: string | null | undefined) {
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    if (accountId) applyVodEvent(queryClient, accountId, event);
  });
}

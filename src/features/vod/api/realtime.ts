import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '@/lib/realtime/events';
import { useRealtimeEvents } from '@/lib/realtime/use-realtime';
import type { ProgressItem } from './structs';

/** What a `video_status` event changes (issue 16 point 3): the processing modal's progress moves
 * with the event; a new item or a status change reads the lists and the video again. */
export function applyVodEvent(queryClient: QueryClient, accountId: string, event: RealtimeEvent) {
  if (event.evento === 'replay_incompleto') {
    void queryClient.invalidateQueries({ queryKey: ['vod', accountId] });
    return;
  }
  if (event.evento !== 'video_status') return;
  const progressKey = ['vod', accountId, 'transcode-progress'];
  const items = queryClient.getQueryData<ProgressItem[]>(progressKey);
  const item = items?.find((i) => i.videoId === event.video_id);
  if (item && item.status === event.status && typeof event.progress === 'number') {
    const progress = event.progress;
    queryClient.setQueryData<ProgressItem[]>(progressKey, (old) =>
      old?.map((i) => (i.videoId === event.video_id ? { ...i, progress } : i)),
    );
    return;
  }
  void queryClient.invalidateQueries({ queryKey: progressKey });
  void queryClient.invalidateQueries({ queryKey: ['vod', accountId, 'video', event.video_id] });
  void queryClient.invalidateQueries({ queryKey: ['vod', accountId, 'videos'] });
}

export function useVodRealtime(accountId: string | null | undefined) {
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    if (accountId) applyVodEvent(queryClient, accountId, event);
  });
}

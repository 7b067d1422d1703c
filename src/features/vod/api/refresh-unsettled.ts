import type { QueryClient } from '@tanstack/react-query';
import { transcodeProgressQueryOptions } from './get-transcode-progress';
import { videoQueryOptions } from './get-video';
import type { VideoPage } from './realtime';
import type { ProgressItem } from './structs';

/** Videos still being made, read again one by one when the socket connects (at most this many). */
const UNSETTLED = new Set(['uploading', 'processing']);
const UNSETTLED_MAX = 20;

/**
 * The socket connected: a first connection replays nothing (it starts from the server's newest event),
 * so a video that changed between the page's reading of the library and that moment (a transcode that
 * failed or finished in the gap) would keep its old status until the next event or a reload. Each video
 * the cached pages show as still being made is read again on its own and patched into them, and the
 * processing modal's list is read again while it shows work in progress; the library list itself is not
 * read again (docs/realtime-console.md "What the events change").
 */
export async function refreshUnsettled(queryClient: QueryClient, accountId: string) {
  const ids = new Set<string>();
  for (const [, page] of queryClient.getQueriesData<VideoPage>({ queryKey: ['vod', accountId, 'videos'] }))
    for (const video of page?.items ?? []) if (UNSETTLED.has(video.status)) ids.add(video.id);
  const progressKey = transcodeProgressQueryOptions(accountId).queryKey;
  const progress = queryClient.getQueryData<ProgressItem[]>(progressKey);
  if (progress?.some((item) => item.status !== 'ready' && item.status !== 'failed'))
    void queryClient.invalidateQueries({ queryKey: progressKey });
  if (ids.size === 0) return;
  await Promise.all(
    [...ids].slice(0, UNSETTLED_MAX).map(async (id) => {
      const fresh = await queryClient
        .fetchQuery({ ...videoQueryOptions(accountId, id), staleTime: 0 })
        .catch(() => null);
      if (!fresh) return;
      queryClient.setQueriesData<VideoPage>({ queryKey: ['vod', accountId, 'videos'] }, (old) =>
        old ? { ...old, items: old.items.map((v) => (v.id === id ? { ...v, ...fresh } : v)) } : old,
      );
    }),
  );
}

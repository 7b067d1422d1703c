import { queryOptions, useQuery } from '@tanstack/react-query';
import { boolean, type Infer, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { configQueryOptions } from '@/lib/server-config';
import { previewPath } from '../lib/links';
import { streamingKey } from './stream';

/** The RTMP server encoders publish to, as the running API server tells it (GET /bff/config):
 * undefined while loading, null when that server has no ingest. */
export function useIngestUrl(): string | null | undefined {
  const config = useQuery(configQueryOptions());
  if (config.isError) return null;
  return config.data === undefined ? undefined : (config.data.ingestUrl ?? null);
}

/** The WHIP endpoint (RFC 9725) encoders such as OBS 30+ publish to with a signal key as Bearer token:
 * undefined while loading, null when the server has no ingest. */
export function useWhipUrl(): string | null | undefined {
  const config = useQuery(configQueryOptions());
  if (config.isError) return null;
  return config.data === undefined ? undefined : (config.data.whipUrl ?? null);
}

export const SignalPreviewStruct = type({ url: string(), publishing: boolean() });
export type SignalPreview = Infer<typeof SignalPreviewStruct>;

/** GET /v1/live-streams/{id}/signals/{signalId}/preview: the signed URL of the signal's live playlist. */
export const getSignalPreview = (liveId: string, signalId: string) =>
  api(previewPath(liveId, signalId), SignalPreviewStruct, { silent: true });

export const signalPreviewQueryOptions = (liveId: string, signalId: string) =>
  queryOptions({
    queryKey: streamingKey('preview', liveId, signalId),
    queryFn: () => getSignalPreview(liveId, signalId),
    // The URL is signed for 6 to 7 hours; a new one each hour is plenty.
    staleTime: 30 * 60_000,
    retry: false,
  });

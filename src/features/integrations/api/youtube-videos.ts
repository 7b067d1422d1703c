import type { YoutubeVideo } from '@contract/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { array, type Describe, nullable, string, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { integrationKey } from './keys';

const YoutubeVideoStruct: Describe<YoutubeVideo> = type({
  id: string(),
  title: string(),
  publishedAt: string(),
  thumbnailUrl: nullable(string()),
  url: string(),
});

/** GET /bff/palco-youtube/videos: the connected channel's latest uploads (listed, never downloaded). */
export const getYoutubeVideos = () => api('/bff/palco-youtube/videos', array(YoutubeVideoStruct));

export const youtubeVideosQueryOptions = () =>
  queryOptions({ queryKey: integrationKey('youtube', 'videos'), queryFn: getYoutubeVideos });
export const useYoutubeVideos = (enabled: boolean) => useQuery({ ...youtubeVideosQueryOptions(), enabled });

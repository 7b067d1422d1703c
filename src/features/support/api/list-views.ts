import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { array, integer, type } from 'superstruct';
import { api } from '@/lib/api-client';
import type { ViewsQuery } from '../lib/search';
import { supportKey, ViewStruct } from './view';

export const ViewsPageStruct = type({ items: array(ViewStruct), total: integer() });

/** GET /v1/analytics/lives/{id}/views?viewerId&email&filter&state&provider&page&limit: newest first. */
export const listViews = (liveId: string, query: ViewsQuery) =>
  api(`/v1/analytics/lives/${encodeURIComponent(liveId)}/views`, ViewsPageStruct, { query: { ...query } });

export const viewsQueryOptions = (liveId: string, query: ViewsQuery) =>
  queryOptions({ queryKey: supportKey('views', liveId, query), queryFn: () => listViews(liveId, query) });

/** The previous page stays on screen (as placeholder) while the next loads. */
export const useViews = (liveId: string, query: ViewsQuery) =>
  useQuery({ ...viewsQueryOptions(liveId, query), placeholderData: keepPreviousData, refetchOnMount: false });

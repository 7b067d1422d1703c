import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { StreamStruct, streamingKey } from './stream';

/** GET /v1/live-streams/{id} (404 'Transmissão não encontrada'). */
export const getStream = (id: string) => api(`/v1/live-streams/${encodeURIComponent(id)}`, StreamStruct);

export const streamQueryOptions = (id: string) =>
  queryOptions({ queryKey: streamingKey('stream', id), queryFn: () => getStream(id) });

export const useStream = (id: string) => useSuspenseQuery(streamQueryOptions(id)).data;

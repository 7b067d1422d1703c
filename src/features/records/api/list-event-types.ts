import { queryOptions, useQuery } from '@tanstack/react-query';
import { record, string } from 'superstruct';
import { api } from '@/lib/api-client';

/** SPEC §3 Event types: event code → label in the request's language. */
export const EventTypesStruct = record(string(), string());

/** GET /v1/logs/list-event-types (the labels follow Accept-Language, so the locale is in the key). */
export const listEventTypes = () =>
  api('/v1/logs/list-event-types', EventTypesStruct, { query: { accountId: undefined } });

export const eventTypesQueryOptions = (locale: string) =>
  queryOptions({ queryKey: ['records', 'event-types', locale], queryFn: listEventTypes });

/** Fetched by the route's loader; mounting must not fetch it again. */
export const useEventTypes = (locale: string) =>
  useQuery({ ...eventTypesQueryOptions(locale), refetchOnMount: false });

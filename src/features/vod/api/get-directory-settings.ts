import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DirectorySettingsStruct } from './structs';

/** GET /v1/directories/{id}/settings: the folder's path (breadcrumb) and its upload settings. */
export const getDirectorySettings = (id: string) =>
  api(`/v1/directories/${encodeURIComponent(id)}/settings`, DirectorySettingsStruct);

export const directorySettingsQueryOptions = (accountId: string, id: string) =>
  queryOptions({
    queryKey: ['vod', accountId, 'directory-settings', id],
    queryFn: () => getDirectorySettings(id),
  });

export const useDirectorySettings = (accountId: string, id: string | undefined) =>
  useQuery({ ...directorySettingsQueryOptions(accountId, id ?? ''), enabled: Boolean(id) });

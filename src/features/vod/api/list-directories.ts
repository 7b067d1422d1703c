import { queryOptions, useQuery } from '@tanstack/react-query';
import { array } from 'superstruct';
import { api } from '@/lib/api-client';
import { DirectoryStruct } from './structs';

/** GET /v1/directories?parentId: the folders inside one folder (null: the top level). */
export const listDirectories = (parentId: string | null) =>
  api('/v1/directories', array(DirectoryStruct), { query: parentId ? { parentId } : {} });

export const directoriesQueryOptions = (accountId: string, parentId: string | null) =>
  queryOptions({
    queryKey: ['vod', accountId, 'directories', parentId ?? 'root'],
    queryFn: () => listDirectories(parentId),
  });

/** The VOD route's loader fetches it on every visit: no second fetch when the page mounts. */
export const useDirectories = (accountId: string, parentId: string | null) =>
  useQuery({ ...directoriesQueryOptions(accountId, parentId), refetchOnMount: false });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { array } from 'superstruct';
import { api } from '@/lib/api-client';
import { DirectoryStruct } from './structs';

/** Which folders: the children of one folder, the top level (null) or every folder ('all'); with a
 * search, only those whose name contains it (the server ignores case and accents). */
export interface DirectoriesQuery {
  parentId: string | null | 'all';
  search?: string | undefined;
}

/** GET /v1/directories?parentId&search. */
export const listDirectories = ({ parentId, search }: DirectoriesQuery) =>
  api('/v1/directories', array(DirectoryStruct), {
    query: { ...(parentId ? { parentId } : {}), ...(search ? { search } : {}) },
  });

export const directoriesQueryOptions = (accountId: string, query: DirectoriesQuery) =>
  queryOptions({
    queryKey: ['vod', accountId, 'directories', query.parentId ?? 'root', query.search ?? ''],
    queryFn: () => listDirectories(query),
  });

/** The VOD route's loader fetches it on every visit: no second fetch when the page mounts. */
export const useDirectories = (accountId: string, query: DirectoriesQuery) =>
  useQuery({ ...directoriesQueryOptions(accountId, query), refetchOnMount: false });

import { getRouteApi } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSession } from '@/lib/use-session';
import { useDirectorySettings } from '../api/get-directory-settings';
import { useDirectories } from '../api/list-directories';
import { useVideos, type VideosQuery } from '../api/list-videos';
import { libraryScope, VIDEOS_PER_PAGE, type VodSearch, validateVodSearch } from '../lib/search';

const route = getRouteApi('/_authed/_shell/vod/dashboard');

/** What the VOD page reads: the URL (folder, search, page), the folder's contents and its path. */
export function useLibrary() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const session = useSession();
  const accountId = session.user?.selectedTeamId ?? '';
  const userId = session.user?.id;
  const folderId = search.folder ?? null;
  const page = search.page ?? 1;
  const scope = libraryScope(folderId, search.q);
  const query: VideosQuery = {
    directoryId: scope.directoryId,
    search: scope.search,
    page,
    limit: VIDEOS_PER_PAGE,
  };
  const videos = useVideos(accountId, query);
  // The folders come filtered by the server (any case, with or without accents).
  const directories = useDirectories(accountId, { parentId: scope.parentId, search: scope.search });
  const settings = useDirectorySettings(accountId, folderId ?? undefined);

  /** Any change but a page change starts again at page 1. */
  const update = (patch: Partial<VodSearch>, replace = false) =>
    navigate({ search: (prev) => validateVodSearch({ ...prev, page: undefined, ...patch }), replace });

  // A folder that is not there (deleted, another team's after a switch) opens the top level.
  const missing = settings.isError && (settings.error as { status?: number }).status === 404;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a missing folder triggers it.
  useEffect(() => {
    if (missing) void update({ folder: undefined, q: undefined }, true);
  }, [missing]);

  // A page past the last one shows the last page.
  const pagesTotal = videos.data?.pagination.pagesTotal ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: depends on the answer only.
  useEffect(() => {
    if (pagesTotal > 0 && page > pagesTotal) void update({ page: pagesTotal }, true);
  }, [pagesTotal, page]);

  const folders = directories.data ?? [];

  return { search, accountId, userId, folderId, page, videos, directories, folders, settings, update };
}

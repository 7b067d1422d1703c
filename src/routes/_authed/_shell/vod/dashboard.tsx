import { createFileRoute } from '@tanstack/react-router';
import { directorySettingsQueryOptions } from '@/features/vod/api/get-directory-settings';
import { directoriesQueryOptions } from '@/features/vod/api/list-directories';
import { videosQueryOptions } from '@/features/vod/api/list-videos';
import { VodPage } from '@/features/vod/components/vod-page';
import { libraryScope, VIDEOS_PER_PAGE, validateVodSearch } from '@/features/vod/lib/search';
import { requireGate } from '@/lib/guards';
import { prefetchForVisit } from '@/lib/query-client';

/** SPEC §2.2 /vod (showVOD): the video library — folders, videos, uploads and the processing modal. */
export const Route = createFileRoute('/_authed/_shell/vod/dashboard')({
  validateSearch: validateVodSearch,
  beforeLoad: ({ context }) => requireGate(context.auth, '/vod'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    // Started, not awaited: the page shows its skeleton while the library loads.
    const { queryClient, auth } = context;
    const accountId = auth.get().user?.selectedTeamId ?? '';
    const folder = deps.folder ?? null;
    const scope = libraryScope(folder, deps.q);
    void prefetchForVisit(
      queryClient,
      videosQueryOptions(accountId, {
        directoryId: scope.directoryId,
        search: scope.search,
        page: deps.page ?? 1,
        limit: VIDEOS_PER_PAGE,
      }),
    );
    void prefetchForVisit(
      queryClient,
      directoriesQueryOptions(accountId, { parentId: scope.parentId, search: scope.search }),
    );
    if (folder) void prefetchForVisit(queryClient, directorySettingsQueryOptions(accountId, folder));
  },
  component: VodPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { RecordsPage } from '@/features/records/components/records-page';
import { validateRecordsSearch } from '@/features/records/lib/search';

/** SPEC §2.5 activity log. No gate of its own (SPEC §6: Logs shows within the Manager section without
 * a check): being signed in with a team (the _authed guard) is enough; the server scopes the entries.
 * Every filter is in the URL (docs/routes.md). */
export const Route = createFileRoute('/_authed/_shell/records')({
  validateSearch: validateRecordsSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const { prefetchRecords } = await import('@/features/records/lib/prefetch');
    await prefetchRecords(context, deps);
  },
  component: RecordsPage,
});

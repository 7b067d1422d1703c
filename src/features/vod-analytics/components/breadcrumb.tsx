import { FolderBreadcrumb } from '@/components/ui/folder-breadcrumb';
import type { VodAnalytics } from '../api/get-vod-analytics';
import { type Period, searchOf } from '../lib/search';

/** The folder's path from the answer's `path`: each step opens that folder over the same period. */
export function Breadcrumb({ path, period }: { path: VodAnalytics['path']; period: Period }) {
  return (
    <FolderBreadcrumb
      path={path}
      linkOf={(folder) => ({ to: '/analytics/vod', search: searchOf(folder, period) })}
      testId="vod-analytics-path"
    />
  );
}

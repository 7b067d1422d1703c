import { useSyncExternalStore } from 'react';
import { getUploadEngine } from '../upload/engine-instance';
import type { UploadItem } from '../upload/status';

const NONE: readonly UploadItem[] = [];

/** The upload queue as this tab sees it (its own, or the leader tab's, progress), for the signed-in user. */
export function useUploads(userId: string | undefined): readonly UploadItem[] {
  const engine = getUploadEngine();
  const all = useSyncExternalStore(engine.subscribe, engine.getSnapshot, () => NONE);
  return userId ? all.filter((i) => i.userId === userId) : NONE;
}

import { loadItems } from './queue-store';
import { isPending } from './status';
import { onSyncNudge } from './sync-nudge';

/**
 * For the console's shell: resumes the upload queue on any page once the console opens, without
 * loading the engine when there is nothing to do (it reads the small queue records only). The engine
 * itself comes in its own chunk. Also listens for the service worker's Background Sync nudge.
 */
export function resumeUploads(userId: string | undefined): () => void {
  let cancelled = false;
  const startEngine = () =>
    void import('./engine-instance').then(({ getUploadEngine }) => {
      if (!cancelled) void getUploadEngine().start();
    });
  void loadItems().then((items) => {
    if (
      !cancelled &&
      items.some((i) => i.userId === userId && (isPending(i.status) || i.status === 'needs-file'))
    ) {
      startEngine();
    }
  });
  const stop = onSyncNudge(startEngine);
  return () => {
    cancelled = true;
    stop();
  };
}

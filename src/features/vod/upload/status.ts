import { percentOf } from './chunking';

/**
 * SPEC §3 Upload progress item (id, file, status, progress, name, videoId) and §4 Upload: awaiting →
 * uploading (with progress) → done; a failure sets failed with progress 0. Two states are added by
 * the durable queue: `paused` (offline: waiting for the network, no attempt spent) and `needs-file`
 * (the file could not be kept across a reload: the user picks it again).
 */
export type UploadStatus = 'awaiting' | 'uploading' | 'paused' | 'needs-file' | 'done' | 'failed';

/** What the durable queue keeps for one upload (IndexedDB); the File itself is kept apart. */
export interface UploadItem {
  /** The same as videoId: one upload per created content. */
  id: string;
  videoId: string;
  /** The team the content was created in (the upload keeps going after a team switch). */
  accountId: string;
  /** Who started it: another user signing in on this browser does not continue it. */
  userId: string;
  name: string;
  size: number;
  type: string;
  lastModified: number;
  /** Bytes the server confirmed (its durable offset, as last heard). */
  offset: number;
  /** Failed attempts of the current chunk (or of the simple upload). */
  attempts: number;
  status: UploadStatus;
  /** 0–100. */
  progress: number;
  /** Whether the File is stored (IndexedDB) and so survives a reload. */
  fileStored: boolean;
  /** Why it failed, already translated (shown as is). */
  error?: string;
  createdAt: number;
}

export type UploadEvent =
  | { type: 'start' }
  | { type: 'progress'; offset: number }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'file-missing' }
  | { type: 'file-restored' }
  | { type: 'attempt-failed'; attempts: number }
  | { type: 'complete' }
  | { type: 'fail'; error?: string }
  | { type: 'retry' };

export const isFinished = (status: UploadStatus) => status === 'done' || status === 'failed';
/** Items the engine still has work for (needs-file waits for the user). */
export const isPending = (status: UploadStatus) =>
  status === 'awaiting' || status === 'uploading' || status === 'paused';

/** The next state of an item. Finished items only change through an explicit retry of a failure. */
export function transition(item: UploadItem, event: UploadEvent): UploadItem {
  if (event.type === 'retry') {
    return item.status === 'failed'
      ? {
          ...item,
          status: 'awaiting',
          attempts: 0,
          error: undefined,
          progress: percentOf(item.offset, item.size),
        }
      : item;
  }
  if (isFinished(item.status)) return item;
  switch (event.type) {
    case 'start':
      return { ...item, status: 'uploading' };
    case 'progress': {
      // The server's offset never goes back; a smaller figure is an old answer.
      const offset = Math.max(item.offset, Math.min(event.offset, item.size));
      return { ...item, status: 'uploading', offset, attempts: 0, progress: percentOf(offset, item.size) };
    }
    case 'attempt-failed':
      return { ...item, attempts: event.attempts };
    case 'pause':
      return item.status === 'needs-file' ? item : { ...item, status: 'paused' };
    case 'resume':
      return item.status === 'paused' || item.status === 'uploading' ? { ...item, status: 'awaiting' } : item;
    case 'file-missing':
      return { ...item, status: 'needs-file' };
    case 'file-restored':
      return item.status === 'needs-file' ? { ...item, status: 'awaiting', attempts: 0 } : item;
    case 'complete':
      return { ...item, status: 'done', offset: item.size, progress: 100, attempts: 0 };
    case 'fail':
      return { ...item, status: 'failed', progress: 0, error: event.error };
  }
}

/** A file picked again must be the same one: same name and size. */
export function sameFile(
  item: Pick<UploadItem, 'name' | 'size'>,
  file: Pick<File, 'name' | 'size'>,
): boolean {
  return item.name === file.name && item.size === file.size;
}

/** The items in queue order, each uploading one with the bytes of its chunk in flight counted in (for the
 * progress bar only: the durable figure is `offset`). */
export function withBytesInFlight(
  items: Iterable<UploadItem>,
  live: ReadonlyMap<string, number>,
): UploadItem[] {
  return [...items]
    .sort((a, b) => a.createdAt - b.createdAt)
    .map((i) => {
      const bytes = live.get(i.id);
      return bytes !== undefined && i.status === 'uploading'
        ? { ...i, progress: Math.max(i.progress, percentOf(bytes, i.size)) }
        : i;
    });
}

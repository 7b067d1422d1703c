import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import type { UploadItem } from './status';

/**
 * The durable upload queue in IndexedDB: one database for the items (small records), another for the
 * Files themselves (idb-keyval keeps one object store per database). A File is structured-cloneable:
 * IndexedDB keeps its bytes, so it is there again after a reload or a browser restart.
 */
let queue: UseStore | undefined;
let files: UseStore | undefined;
const queueStore = () => (queue ??= createStore('palco-uploads', 'queue'));
const fileStore = () => (files ??= createStore('palco-upload-files', 'files'));

export async function loadItems(): Promise<UploadItem[]> {
  try {
    const all = await entries<string, UploadItem>(queueStore());
    return all.map(([, item]) => item).sort((a, b) => a.createdAt - b.createdAt);
  } catch {
    return [];
  }
}

export async function saveItem(item: UploadItem): Promise<void> {
  try {
    await set(item.id, item, queueStore());
  } catch {
    // Without IndexedDB the queue still works for this page; it just does not survive a reload.
  }
}

export async function removeItem(id: string): Promise<void> {
  await Promise.all([del(id, queueStore()).catch(() => undefined), removeFile(id)]);
}

/** Room left in the origin's quota (Infinity when the browser does not say). */
async function roomLeft(): Promise<number> {
  try {
    const { quota, usage } = (await navigator.storage?.estimate?.()) ?? {};
    return quota === undefined ? Number.POSITIVE_INFINITY : quota - (usage ?? 0);
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

let persistAsked = false;
/** Asks once that this origin's storage not be evicted under pressure (the kept files matter). */
async function askPersistence() {
  if (persistAsked) return;
  persistAsked = true;
  try {
    // persist() exists in pages only (this module is also read by the service worker).
    const storage = navigator.storage as (StorageManager & { persist?: () => Promise<boolean> }) | undefined;
    if (!(await storage?.persisted?.())) await storage?.persist?.();
  } catch {
    // Best effort: without it the browser may evict the files, and the user picks them again.
  }
}

/** Keeps the File for a later page. False when the browser refused (quota, private mode, no IDB). */
export async function storeFile(id: string, file: Blob): Promise<boolean> {
  await askPersistence();
  // Leave a margin: filling the quota would break the query cache and everything else stored here.
  if ((await roomLeft()) < file.size * 1.1 + 50 * 1024 * 1024) return false;
  try {
    await set(id, file, fileStore());
    return true;
  } catch {
    await del(id, fileStore()).catch(() => undefined);
    return false;
  }
}

export async function loadFile(id: string): Promise<File | undefined> {
  try {
    const value = await get<Blob>(id, fileStore());
    if (!value) return undefined;
    return value instanceof File ? value : new File([value], id);
  } catch {
    return undefined;
  }
}

export async function removeFile(id: string): Promise<void> {
  await del(id, fileStore()).catch(() => undefined);
}

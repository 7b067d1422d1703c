import type { RunnerDeps } from './runner';
import type { UploadItem } from './status';

/** The durable queue (IndexedDB in the app, a Map in tests). */
export interface QueueStore {
  loadItems(): Promise<UploadItem[]>;
  saveItem(item: UploadItem): Promise<void>;
  removeItem(id: string): Promise<void>;
  storeFile(id: string, file: Blob): Promise<boolean>;
  loadFile(id: string): Promise<Blob | undefined>;
  removeFile(id: string): Promise<void>;
}

/** What the tabs tell each other (BroadcastChannel in the app). */
export type BusMessage =
  | { type: 'upload-progress'; items: UploadItem[] }
  | { type: 'upload-request'; videoId?: string; file?: Blob; dismiss?: boolean };

export interface Bus {
  post(message: BusMessage): void;
  subscribe(listener: (message: BusMessage) => void): () => void;
}

export interface EngineDeps extends RunnerDeps {
  store: QueueStore;
  bus: Bus;
  userId(): string | undefined;
  /** Calls `onLeader` once this tab holds the upload lock (Web Locks), for as long as it lives. */
  lead(onLeader: () => void): void;
  /** Asks the service worker for a Background Sync nudge (Chromium), for when the network is back. */
  requestSync(): void;
  blocked(): void;
  unauthorized(): void;
}

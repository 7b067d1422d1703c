import type { BusMessage, EngineDeps } from './engine-types';
import { runUpload } from './runner';
import {
  isFinished,
  sameFile,
  transition,
  type UploadEvent,
  type UploadItem,
  withBytesInFlight,
} from './status';

export type { Bus, BusMessage, EngineDeps, QueueStore } from './engine-types';

const PROGRESS_POST_MS = 250;
const HALT_RETRY_MS = 10_000;

/**
 * The upload queue of this browser. Every tab that loads it asks for the leader lock; the leader runs
 * the uploads one at a time and posts their progress, the other tabs show what it posts and hand it
 * the files they are given. Items and Files live in IndexedDB, so a reload, a crash or another tab
 * taking over continues where the server is. docs/uploads.md.
 */
export class UploadEngine {
  private items = new Map<string, UploadItem>();
  private files = new Map<string, Blob>();
  /** Bytes of the chunk in flight, per item: only for the progress bar. */
  private live = new Map<string, number>();
  private listeners = new Set<() => void>();
  private snapshot: readonly UploadItem[] = [];
  private started = false;
  private leader = false;
  private running = false;
  private current: { id: string; abort: AbortController } | undefined;
  private postTimer: ReturnType<typeof setTimeout> | undefined;
  private haltTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly deps: EngineDeps) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  isLeader = () => this.leader;

  /** Loads the queue and asks for the lock. Safe to call again. */
  async start(): Promise<void> {
    if (this.started) return this.kick();
    this.started = true;
    this.deps.bus.subscribe((m) => void this.onMessage(m));
    await this.reload();
    this.deps.lead(() => {
      this.leader = true;
      void this.reload().then(() => this.kick());
    });
    // A tab that is not the leader asks it for the current progress.
    if (!this.leader) this.deps.bus.post({ type: 'upload-request' });
  }

  /** Adds a created content with its file to the queue (the file is kept for later pages). */
  async enqueue(item: UploadItem, file: Blob): Promise<void> {
    this.files.set(item.id, file);
    this.put(item);
    await this.deps.store.saveItem(item);
    // Sending starts at once; keeping a copy of a large file in IndexedDB takes a while meanwhile.
    if (this.leader) this.kick();
    else this.deps.bus.post({ type: 'upload-request', videoId: item.id, file });
    await this.keepFile(item.id, file);
  }

  /** Stores the File for later pages; one that finished meanwhile is not kept. */
  private async keepFile(id: string, file: Blob): Promise<boolean> {
    const stored = await this.deps.store.storeFile(id, file);
    const item = this.items.get(id);
    if (!item || isFinished(item.status)) {
      await this.deps.store.removeFile(id);
      return false;
    }
    if (stored) this.apply(id, (i) => ({ ...i, fileStored: true }));
    return stored;
  }

  /** The user picked the file again (it could not be kept): it must be the same name and size. */
  async provideFile(id: string, file: File): Promise<boolean> {
    const item = this.items.get(id);
    if (!item || !sameFile(item, file)) return false;
    this.files.set(id, file);
    this.apply(id, (i) => transition(i, { type: 'file-restored' }));
    if (this.leader) this.kick();
    else this.deps.bus.post({ type: 'upload-request', videoId: id, file });
    await this.keepFile(id, file);
    return true;
  }

  retry(id: string) {
    this.apply(id, (i) => transition(i, { type: 'retry' }));
    if (this.leader) this.kick();
    else this.deps.bus.post({ type: 'upload-request', videoId: id });
  }

  /** Takes a finished item off the list. */
  async dismiss(id: string): Promise<void> {
    const item = this.items.get(id);
    if (item && isFinished(item.status)) await this.remove(id);
  }

  /** Drops an item whatever its state (its video was deleted): a request in flight is stopped. */
  async remove(id: string): Promise<void> {
    if (this.current?.id === id) this.current.abort.abort();
    const known = this.items.delete(id);
    this.files.delete(id);
    this.live.delete(id);
    if (known) this.publish();
    await this.deps.store.removeItem(id);
    if (!this.leader) this.deps.bus.post({ type: 'upload-request', videoId: id, dismiss: true });
  }

  /** The network is back, the app was reopened, or the service worker nudged: carry on. */
  kick() {
    if (!this.leader) return;
    if (!this.deps.online()) {
      // Nothing is sent (and no attempt spent) until the network is back.
      let paused = false;
      for (const item of this.items.values()) {
        if (item.status === 'awaiting' || item.status === 'uploading') {
          this.apply(item.id, (i) => transition(i, { type: 'pause' }));
          paused = true;
        }
      }
      if (paused) this.deps.requestSync();
      return;
    }
    for (const item of this.items.values()) {
      if (item.status === 'paused') this.apply(item.id, (i) => transition(i, { type: 'resume' }));
    }
    if (!this.running) void this.run();
  }

  /** The browser went offline: stop the request in flight at once (no attempt is spent). */
  offline() {
    this.current?.abort.abort();
  }

  private async run() {
    this.running = true;
    clearTimeout(this.haltTimer);
    try {
      for (;;) {
        if (!this.deps.online()) break;
        const next = this.nextItem();
        if (!next) break;
        const file = this.files.get(next.id) ?? (await this.deps.store.loadFile(next.id));
        if (!file || file.size !== next.size) {
          this.update(next.id, { type: 'file-missing' });
          continue;
        }
        this.files.set(next.id, file);
        const abort = new AbortController();
        this.current = { id: next.id, abort };
        const result = await runUpload(this.deps, this.hooks, next, file, abort.signal);
        this.current = undefined;
        this.live.delete(next.id);
        if (result === 'offline') {
          this.deps.requestSync();
          break;
        }
        if (result === 'halt') {
          this.haltTimer = setTimeout(() => this.kick(), HALT_RETRY_MS);
          break;
        }
      }
    } finally {
      this.running = false;
      this.current = undefined;
    }
  }

  private nextItem(): UploadItem | undefined {
    const me = this.deps.userId();
    return [...this.items.values()]
      .filter((i) => i.userId === me && (i.status === 'awaiting' || i.status === 'uploading'))
      .sort((a, b) => a.createdAt - b.createdAt)[0];
  }

  private readonly hooks = {
    update: (id: string, event: UploadEvent) => this.update(id, event),
    sending: (id: string, bytes: number) => {
      this.live.set(id, bytes);
      this.publish();
    },
    blocked: () => this.deps.blocked(),
    unauthorized: () => this.deps.unauthorized(),
  };

  private update(id: string, event: UploadEvent): UploadItem | undefined {
    const next = this.apply(id, (i) => transition(i, event));
    if (next && isFinished(next.status)) {
      this.files.delete(id);
      void this.deps.store.removeFile(id);
    }
    return next;
  }

  private apply(id: string, change: (item: UploadItem) => UploadItem): UploadItem | undefined {
    const item = this.items.get(id);
    if (!item) return undefined;
    const next = change(item);
    if (next === item) return item;
    this.put(next);
    void this.deps.store.saveItem(next);
    return next;
  }

  private put(item: UploadItem) {
    this.items.set(item.id, item);
    this.publish();
  }

  /** Re-reads the queue from IndexedDB (the truth once this tab leads). Done items are dropped. */
  private async reload() {
    for (const item of await this.deps.store.loadItems()) {
      if (item.status === 'done' && !this.items.has(item.id)) {
        void this.deps.store.removeItem(item.id);
        continue;
      }
      const known = this.items.get(item.id);
      // What this tab already knows about an item is newer than what was stored.
      if (!known)
        this.items.set(item.id, item.status === 'uploading' ? { ...item, status: 'awaiting' } : item);
    }
    this.publish();
  }

  private async onMessage(message: BusMessage) {
    if (message.type === 'upload-progress') {
      if (this.leader) return;
      this.items = new Map(message.items.map((i) => [i.id, i]));
      this.live.clear();
      this.publishLocal();
      return;
    }
    if (!this.leader) return;
    if (message.dismiss && message.videoId) {
      if (this.items.has(message.videoId)) await this.remove(message.videoId);
      return;
    }
    if (message.videoId && !this.items.has(message.videoId)) await this.reload();
    const item = message.videoId ? this.items.get(message.videoId) : undefined;
    if (item && message.file && message.file.size === item.size) {
      this.files.set(item.id, message.file);
      this.apply(item.id, (i) => transition(i, { type: 'file-restored' }));
    }
    if (item?.status === 'failed' && !message.file)
      this.apply(item.id, (i) => transition(i, { type: 'retry' }));
    this.postNow();
    this.kick();
  }

  private publishLocal() {
    this.snapshot = withBytesInFlight(this.items.values(), this.live);
    for (const l of this.listeners) l();
  }

  private publish() {
    this.publishLocal();
    if (this.leader) this.postTimer ??= setTimeout(() => this.postNow(), PROGRESS_POST_MS);
  }

  private postNow() {
    clearTimeout(this.postTimer);
    this.postTimer = undefined;
    this.deps.bus.post({ type: 'upload-progress', items: [...this.snapshot] });
  }
}

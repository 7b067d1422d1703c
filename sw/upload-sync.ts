/// <reference lib="webworker" />

import { loadFile, loadItems, removeFile, saveItem } from '@/features/vod/upload/queue-store';
import { type RunnerDeps, runUpload, sleepUnlessAborted } from '@/features/vod/upload/runner';
import {
  forgetSenderContext,
  loadSenderContext,
  type SenderContext,
} from '@/features/vod/upload/sender-context';
import {
  isFinished,
  isPending,
  transition,
  type UploadEvent,
  type UploadItem,
} from '@/features/vod/upload/status';
import { UPLOAD_LEADER_LOCK, UPLOAD_SYNC_MESSAGE, UPLOAD_SYNC_TAG } from '@/features/vod/upload/sync-names';
import { sourceUrl, type UploadConfig, type UploadTarget } from '@/features/vod/upload/target';
import { parseBody, type SendRequest, type SendResult, sourceRequest } from '@/features/vod/upload/transport';
import { isTokenExpired } from '@/lib/jwt';

// Background Sync for the VOD upload queue (Chromium only; docs/uploads.md "The service worker sends
// the chunks"). When the network is back:
// - a console page that leads the queue (it holds the Web Lock the worker asks for) is told to carry
//   on, as before: one sender at a time;
// - otherwise the worker takes the lock and sends the remaining chunks of the kept files itself, with
//   the same protocol code as the pages (upload/runner.ts: the server's offset first, 201/202/409/5xx
//   rules), so every console tab may be closed.
// A network failure ends the event with a rejected promise, so Chromium fires the sync again later;
// a file the browser could not keep is left for the console (it says so in the upload list).

declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/** What the handler does, when nothing stops it: 'relayed' to a leading page, or 'sent' itself. */
export type SyncResult = 'relayed' | 'sent' | 'nothing';

/** Thrown so that Chromium retries the sync later (the network went away again, the server failed). */
export class RetryLater extends Error {}

/** One chunk POST with fetch (a service worker has no XMLHttpRequest; it needs no progress bar). */
export async function sendWithFetch(req: SendRequest): Promise<SendResult> {
  const { headers, form } = sourceRequest(req);
  let response: Response;
  try {
    response = await fetch(req.url, { method: 'POST', body: form, headers, signal: req.signal });
  } catch {
    return { outcome: req.signal.aborted ? { kind: 'aborted' } : { kind: 'network' } };
  }
  const { offset, message } = parseBody(await response.text().catch(() => ''));
  return { outcome: { kind: 'answer', status: response.status, offset }, message };
}

/** Runs the kept queue of the context's user to the end, or until the network goes away. */
export async function sendQueued(context: SenderContext): Promise<SyncResult> {
  // A fetch that ended without an answer: the worker takes the network as gone (its navigator.onLine
  // is not reliable) so the runner pauses instead of spending attempts; Chromium retries the sync.
  let networkDown = false;
  const authHeaders = () => ({
    Authorization: `Bearer ${context.token}`,
    'Accept-Language': context.language,
  });
  const getJson = async (url: string, headers?: Record<string, string>) => {
    let response: Response;
    try {
      response = await fetch(url, { headers: { Accept: 'application/json', ...headers } });
    } catch {
      networkDown = true;
      throw { status: 0 };
    }
    if (!response.ok) throw { status: response.status };
    return (await response.json()) as unknown;
  };
  let config: Promise<UploadConfig> | undefined;
  let unauthorized = false;
  let blocked = false;
  const deps: RunnerDeps = {
    getConfig: () =>
      (config ??= getJson('/bff/config').then((body) => {
        const c = body as Partial<UploadConfig> | null;
        if (typeof c?.uploadUrl !== 'string' || typeof c.apiUrl !== 'string') throw { status: 0 };
        return { uploadUrl: c.uploadUrl, apiUrl: c.apiUrl };
      })),
    getState: async (target: UploadTarget, videoId: string, accountId: string) => {
      const body = (await getJson(
        `${sourceUrl(target, videoId)}?accountId=${encodeURIComponent(accountId)}`,
        authHeaders(),
      )) as { offset?: unknown; complete?: unknown } | null;
      if (typeof body?.offset !== 'number' || typeof body.complete !== 'boolean') throw { status: 500 };
      return { offset: body.offset, complete: body.complete };
    },
    send: async (req) => {
      const result = await sendWithFetch(req);
      if (result.outcome.kind === 'network') networkDown = true;
      return result;
    },
    token: () => context.token,
    language: () => context.language,
    online: () => !networkDown && self.navigator.onLine !== false,
    chunkOverride: () => context.chunkBytes,
    sleep: sleepUnlessAborted,
  };

  const items = new Map<string, UploadItem>();
  let writes = Promise.resolve();
  const hooks = {
    update(id: string, event: UploadEvent) {
      const item = items.get(id);
      if (!item) return undefined;
      const next = transition(item, event);
      items.set(id, next);
      writes = writes.then(() => saveItem(next));
      if (isFinished(next.status)) writes = writes.then(() => removeFile(id));
      return next;
    },
    sending: () => undefined,
    blocked: () => {
      blocked = true;
    },
    unauthorized: () => {
      unauthorized = true;
    },
  };

  let result: SyncResult = 'nothing';
  try {
    const queue = (await loadItems()).filter((i) => i.userId === context.userId && isPending(i.status));
    for (const start of queue) {
      // Only a kept file can be sent from here; one that was not kept waits for the console.
      const file = await loadFile(start.id);
      if (!file || file.size !== start.size) continue;
      items.set(start.id, start);
      result = 'sent';
      const step = await runUpload(deps, hooks, start, file, new AbortController().signal);
      if (step === 'next') continue;
      if (unauthorized) {
        // The token was refused (signed out, expired): never use it again; the console asks for a
        // sign-in and continues.
        await forgetSenderContext();
        return result;
      }
      if (blocked) return result;
      throw new RetryLater(step === 'offline' ? 'offline' : 'no configuration');
    }
    return result;
  } finally {
    await writes;
  }
}

/** How long to wait before trying again when the network is not quite back within one sync event
 * (the event often comes the moment the link is up, before DNS or the server answer). */
const NETWORK_SETTLE_MS = [2_000, 5_000];

/** Sends the queue under the leader lock, trying again twice within the event when the network fails. */
async function sendSettling(context: SenderContext): Promise<SyncResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await sendQueued(context);
    } catch (error) {
      const wait = NETWORK_SETTLE_MS[attempt];
      if (!(error instanceof RetryLater) || wait === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** How long the worker waits for the lock of a console tab that is closing (see takeOverOrRelay). */
const CLOSING_TAB_MS = 30_000;

/** What takeOverOrRelay needs from the worker's global scope, so the arbitration can be tested alone. */
export interface Arbiter {
  locks: Pick<LockManager, 'request'>;
  /** How many console windows the worker sees. */
  windows: () => Promise<number>;
  /** Tells the open console pages the network is back. */
  relay: () => Promise<void>;
  /** Sends the kept queue; runs only while the worker holds the upload lock. */
  send: () => Promise<SyncResult>;
  waitMs?: number;
}

/**
 * One sender at a time: the worker sends when it can take the upload lock; a console tab that holds it
 * leads and is told the network is back. A tab holds that lock for its whole life, and Chromium lets go
 * of a closing tab's locks only a moment after the tab left the worker's clients — or, just as the
 * tab closes, while it is still listed. Relaying to such a tab tells nobody, and ending the sync as done
 * would leave the upload waiting for the console. So after relaying (or finding no window), the worker
 * waits for the lock (docs/uploads.md "The service worker sends the chunks"): taken, the tab is gone
 * and the worker sends the rest (nothing, if the tab finished it); not taken within the wait while a
 * window was open, a live tab leads and the relay stands; not taken with no window left, the event is
 * rejected so Chromium fires it again later.
 */
export async function takeOverOrRelay(arbiter: Arbiter): Promise<SyncResult> {
  const { locks, send } = arbiter;
  const outcome = await locks.request(UPLOAD_LEADER_LOCK, { ifAvailable: true }, (lock) =>
    lock ? send() : ('held' as const),
  );
  if (outcome !== 'held') return outcome;
  const windowOpen = (await arbiter.windows()) > 0;
  if (windowOpen) await arbiter.relay();
  try {
    return await locks.request(
      UPLOAD_LEADER_LOCK,
      { signal: AbortSignal.timeout(arbiter.waitMs ?? CLOSING_TAB_MS) },
      send,
    );
  } catch (error) {
    const timedOut =
      error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError');
    if (!timedOut) throw error;
    if (windowOpen) return 'relayed';
    throw new RetryLater('the upload lock is still held');
  }
}

async function syncOnce(): Promise<SyncResult> {
  const windows = () => self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const relay = async () => {
    for (const client of await windows()) client.postMessage({ type: UPLOAD_SYNC_MESSAGE });
  };
  const locks: LockManager | undefined = self.navigator?.locks;
  // Without Web Locks the worker cannot know whether a page sends: it only nudges the pages.
  const context = locks ? await loadSenderContext() : undefined;
  if (!locks || !context || isTokenExpired(context.token)) {
    await relay();
    return 'relayed';
  }
  return takeOverOrRelay({
    locks,
    windows: async () => (await windows()).length,
    relay,
    send: () => sendSettling(context),
  });
}

let running: Promise<unknown> = Promise.resolve();

/** The sync handler: relay to a leading page, or send the kept files under the leader lock. Two sync
 * events of this worker (Chromium's and a second registration's) run one after the other, so the
 * second does not mistake the first one's lock for a leading tab. */
export function handleUploadSync(): Promise<SyncResult> {
  const run = running.catch(() => undefined).then(syncOnce);
  running = run;
  return run;
}

self.addEventListener('sync', (event: Event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== UPLOAD_SYNC_TAG) return;
  sync.waitUntil(handleUploadSync());
});

import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/**
 * What the service worker needs to send a queued upload by itself and cannot read where the page keeps
 * it (localStorage is not available in a worker): the session's bearer token, whose uploads those are,
 * the language of the server's messages and the test-only chunk size switch. The page writes it when an
 * upload pauses for the network; the worker reads it in its Background Sync handler and forgets it when
 * the server refuses the token. docs/uploads.md "The service worker sends the chunks".
 */
export interface SenderContext {
  token: string;
  userId: string;
  language: string;
  /** The test-only chunk size switch (docs/uploads.md), when set. */
  chunkBytes?: number;
}

const KEY = 'current';
let store: UseStore | undefined;
const senderStore = () => (store ??= createStore('palco-upload-sender', 'context'));

export async function saveSenderContext(context: SenderContext): Promise<void> {
  try {
    await set(KEY, context, senderStore());
  } catch {
    // Without IndexedDB the worker cannot send; the console carries on when it is open.
  }
}

export async function loadSenderContext(): Promise<SenderContext | undefined> {
  try {
    const value = await get<SenderContext>(KEY, senderStore());
    return value && typeof value.token === 'string' && typeof value.userId === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

export async function forgetSenderContext(): Promise<void> {
  await del(KEY, senderStore()).catch(() => undefined);
}

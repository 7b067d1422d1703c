import { beforeAll, describe, expect, it, vi } from 'vitest';

// The service worker's Background Sync relay: on the 'palco-uploads' sync, where the worker cannot
// know whether a page sends (no Web Locks here), it tells every open console page, whose upload
// engine does the work; any other tag is left alone. The worker sending the chunks itself is tested
// end to end (e2e/vod-upload-sw.spec.ts: real IndexedDB, locks and Background Sync).

type Listener = (event: unknown) => void;
const listeners = new Map<string, Listener>();
const clients: Array<{ postMessage: ReturnType<typeof vi.fn> }> = [];

let takeOverOrRelay: typeof import('./upload-sync').takeOverOrRelay;

beforeAll(async () => {
  const fakeSelf = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    clients: { matchAll: vi.fn(async () => clients) },
  };
  vi.stubGlobal('self', fakeSelf);
  ({ takeOverOrRelay } = await import('./upload-sync'));
});

function fire(tag: string) {
  const waits: Promise<unknown>[] = [];
  listeners.get('sync')?.({ tag, waitUntil: (p: Promise<unknown>) => waits.push(p) });
  return Promise.all(waits).then(() => waits.length);
}

describe('upload sync nudge', () => {
  it('posts the sync message to every open page', async () => {
    clients.push({ postMessage: vi.fn() }, { postMessage: vi.fn() });
    expect(await fire('palco-uploads')).toBe(1);
    for (const c of clients) expect(c.postMessage).toHaveBeenCalledWith({ type: 'palco-uploads-sync' });
  });

  it('does nothing for another tag', async () => {
    clients.splice(0, clients.length, { postMessage: vi.fn() });
    expect(await fire('something-else')).toBe(0);
    // The open page heard nothing of it; the uploads' own tag still reaches it.
    expect(clients[0]?.postMessage).not.toHaveBeenCalled();
    expect(await fire('palco-uploads')).toBe(1);
    expect(clients[0]?.postMessage).toHaveBeenCalledWith({ type: 'palco-uploads-sync' });
  });

  it('completes with no page open', async () => {
    clients.splice(0);
    expect(await fire('palco-uploads')).toBe(1);
  });
});

// Who sends when the network returns, with Node's real Web Locks standing in for the browser's: a
// console tab holds the upload lock for its whole life (upload/engine-instance.ts).
describe('upload sync: the worker or the leading tab', () => {
  const LOCK = 'palco-upload-leader';
  /** A console tab leading the queue: holds the lock until closed. */
  function leadingTab() {
    let close = () => {};
    const held = new Promise<void>((resolve) => {
      void navigator.locks.request(
        LOCK,
        () =>
          new Promise<void>((release) => {
            close = release;
            resolve();
          }),
      );
    });
    return { held, close: () => close() };
  }

  it('sends at once when no tab leads', async () => {
    const send = vi.fn(async () => 'sent' as const);
    const relay = vi.fn(async () => {});
    const result = await takeOverOrRelay({ locks: navigator.locks, windows: async () => 0, relay, send });
    expect(result).toBe('sent');
    expect(relay).not.toHaveBeenCalled();
  });

  it('leaves the upload to a live leading tab, once told', async () => {
    const tab = leadingTab();
    await tab.held;
    const send = vi.fn(async () => 'sent' as const);
    const relay = vi.fn(async () => {});
    const result = await takeOverOrRelay({
      locks: navigator.locks,
      windows: async () => 1,
      relay,
      send,
      waitMs: 300,
    });
    expect(result).toBe('relayed');
    expect(relay).toHaveBeenCalledOnce();
    expect(send).not.toHaveBeenCalled();
    tab.close();
  });

  it('sends itself when the tab it relayed to was closing (still listed, its lock let go just after)', async () => {
    const tab = leadingTab();
    await tab.held;
    const send = vi.fn(async () => 'sent' as const);
    // The relay reaches a tab that is going away: its lock is released right after.
    const relay = vi.fn(async () => {
      setTimeout(tab.close, 50);
    });
    const result = await takeOverOrRelay({ locks: navigator.locks, windows: async () => 1, relay, send });
    expect(result).toBe('sent');
    expect(send).toHaveBeenCalledOnce();
  });

  it('asks Chromium to fire again when a tab that left still holds the lock after the wait', async () => {
    const tab = leadingTab();
    await tab.held;
    const send = vi.fn(async () => 'sent' as const);
    await expect(
      takeOverOrRelay({
        locks: navigator.locks,
        windows: async () => 0,
        relay: async () => {},
        send,
        waitMs: 200,
      }),
    ).rejects.toThrow('still held');
    expect(send).not.toHaveBeenCalled();
    tab.close();
  });
});

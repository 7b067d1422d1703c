import { beforeAll, describe, expect, it, vi } from 'vitest';

// The service worker's Background Sync relay: on the 'palco-uploads' sync, where the worker cannot
// know whether a page sends (no Web Locks here), it tells every open console page, whose upload
// engine does the work; any other tag is left alone. The worker sending the chunks itself is tested
// end to end (e2e/vod-upload-sw.spec.ts: real IndexedDB, locks and Background Sync).

type Listener = (event: unknown) => void;
const listeners = new Map<string, Listener>();
const clients: Array<{ postMessage: ReturnType<typeof vi.fn> }> = [];

beforeAll(async () => {
  const fakeSelf = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    clients: { matchAll: vi.fn(async () => clients) },
  };
  vi.stubGlobal('self', fakeSelf);
  await import('./upload-sync');
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

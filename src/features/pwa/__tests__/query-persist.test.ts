import { persistQueryClientRestore } from '@tanstack/query-persist-client-core';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import {
  newestDataAt,
  type PersistedClient,
  type Persister,
  persistCache,
  restorePersistedCache,
} from '@/lib/query-client';

function memoryPersister(initial?: PersistedClient) {
  let saved = initial;
  const p: Persister & { saved: () => PersistedClient | undefined } = {
    persistClient: vi.fn(async (c: PersistedClient) => {
      saved = c;
    }),
    restoreClient: async () => saved,
    removeClient: vi.fn(async () => {
      saved = undefined;
    }),
    saved: () => saved,
  };
  return p;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('query cache persistence', () => {
  it("writes data queries but never the 'session' ones, throttled", async () => {
    const client = new QueryClient();
    const persister = memoryPersister();
    const stop = persistCache(client, persister, { buster: 'b1', throttleMs: 20 });
    client.setQueryData(['session', 'me'], { token: 'secret' });
    client.setQueryData(['lives', 'list'], [1]);
    client.setQueryData(['lives', 'list'], [1, 2]);
    await wait(60);
    stop();
    expect(persister.persistClient).toHaveBeenCalledTimes(1);
    const saved = persister.saved()!;
    expect(saved.buster).toBe('b1');
    expect(saved.clientState.queries.map((q) => q.queryKey)).toEqual([['lives', 'list']]);
    expect(JSON.stringify(saved)).not.toContain('secret');
  });

  it('keeps the data of a query whose refetch failed (offline), saved as a success', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['teams'], ['Demo']);
    const persister = memoryPersister();
    const stop = persistCache(client, persister, { buster: 'b1', throttleMs: 10 });
    // The refetch of a page opened offline fails: the query keeps its data, in the error status.
    await client
      .fetchQuery({
        queryKey: ['teams'],
        queryFn: () => Promise.reject(new Error('offline')),
        staleTime: 0,
      })
      .catch(() => undefined);
    expect(client.getQueryState(['teams'])?.status).toBe('error');
    await wait(40);
    stop();
    const saved = persister.saved()!;
    expect(saved.clientState.queries.map((q) => [q.queryKey, q.state.status, q.state.error])).toEqual([
      [['teams'], 'success', null],
    ]);

    // The next start (offline again) still has it.
    const next = new QueryClient();
    await restorePersistedCache(next, memoryPersister(saved), { buster: 'b1' });
    expect(next.getQueryData(['teams'])).toEqual(['Demo']);
    expect(next.getQueryState(['teams'])?.status).toBe('success');
  });

  it('restores a cache of the same build, and drops one of another build or too old', async () => {
    const source = new QueryClient();
    source.setQueryData(['lives', 'list'], [1, 2]);
    const persister = memoryPersister();
    const stop = persistCache(source, persister, { buster: 'b1', throttleMs: 0 });
    source.setQueryData(['vod', 'x'], 'y');
    await wait(20);
    stop();
    const saved = persister.saved()!;

    const same = new QueryClient();
    await restorePersistedCache(same, memoryPersister(saved), { buster: 'b1' });
    expect(same.getQueryData(['lives', 'list'])).toEqual([1, 2]);
    expect(newestDataAt(same)).toBe(Math.max(...saved.clientState.queries.map((q) => q.state.dataUpdatedAt)));

    const otherBuild = new QueryClient();
    const old = memoryPersister(saved);
    await restorePersistedCache(otherBuild, old, { buster: 'b2' });
    expect(otherBuild.getQueryData(['lives', 'list'])).toBeUndefined();
    expect(old.removeClient).toHaveBeenCalled();

    const tooOld = new QueryClient();
    await restorePersistedCache(
      tooOld,
      memoryPersister({ ...saved, timestamp: Date.now() - 8 * 86_400_000 }),
      {
        buster: 'b1',
      },
    );
    expect(tooOld.getQueryData(['lives', 'list'])).toBeUndefined();
  });

  it('a page reloaded right after a save reads the server, not the copy restored from before the save', async () => {
    // The last copy written before a reload holds the form's data as the edit page first read it, a
    // second or two before: under VISIT_FRESH_MS old, yet older than the save.
    const started = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: started });
    try {
      vi.resetModules();
      const fresh = await import('@/lib/query-client');
      const key = ['streaming', 'team', 'classroom', 'live-1'];
      const before = new QueryClient();
      before.setQueryData(key, { speakers: [] }, { updatedAt: started - 1_000 });
      const persister = memoryPersister();
      const stop = fresh.persistCache(before, persister, { buster: 'b1', throttleMs: 0 });
      before.setQueryData(['other'], 1);
      await wait(20);
      stop();

      // The reloaded page: the copy is restored, then the edit page's loader asks for the classroom.
      vi.setSystemTime(started + 500);
      const reloaded = new QueryClient();
      await fresh.restorePersistedCache(reloaded, memoryPersister(persister.saved()), { buster: 'b1' });
      expect(reloaded.getQueryData(key)).toEqual({ speakers: [] });
      const server = vi.fn(async () => ({ speakers: ['Carla Dias'] }));
      expect(await fresh.loadForVisit(reloaded, { queryKey: key, queryFn: server })).toEqual({
        speakers: ['Carla Dias'],
      });
      expect(server).toHaveBeenCalledTimes(1);

      // An answer this page fetched a moment ago (the pointer's preload) is taken as it is.
      vi.setSystemTime(started + 1_500);
      expect(await fresh.loadForVisit(reloaded, { queryKey: key, queryFn: server })).toEqual({
        speakers: ['Carla Dias'],
      });
      expect(server).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a broken store never blocks the start', async () => {
    const client = new QueryClient();
    const hanging: Persister = {
      persistClient: async () => undefined,
      restoreClient: () => new Promise(() => undefined),
      removeClient: async () => undefined,
    };
    const t0 = Date.now();
    await restorePersistedCache(client, hanging, { timeoutMs: 50 });
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it('a store that fails to read is dropped, and the start goes on without it', async () => {
    const client = new QueryClient();
    const removeClient = vi.fn(async () => undefined);
    const broken: Persister = {
      persistClient: async () => undefined,
      restoreClient: () => Promise.reject(new Error('IndexedDB: version error')),
      removeClient,
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(restorePersistedCache(client, broken, { timeoutMs: 1000 })).resolves.toBeUndefined();
    expect(removeClient).toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it("what is saved is TanStack's persisted-client shape: the library's own restore reads it", async () => {
    const source = new QueryClient();
    const persister = memoryPersister();
    const stop = persistCache(source, persister, { buster: 'b9', throttleMs: 0 });
    source.setQueryData(['vod', 'list'], ['a']);
    source.setQueryData(['session', 'me'], { token: 'secret' });
    await wait(20);
    stop();
    const next = new QueryClient();
    await persistQueryClientRestore({ queryClient: next, persister, buster: 'b9' });
    expect(next.getQueryData(['vod', 'list'])).toEqual(['a']);
    expect(next.getQueryData(['session', 'me'])).toBeUndefined();
  });
});

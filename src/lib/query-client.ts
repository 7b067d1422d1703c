import { QueryClient } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';

/** Query keys whose first part is listed here are never written to IndexedDB (auth and session data). */
export const NEVER_PERSISTED = new Set(['session']);

export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // SPEC: "query cache time 0" — always refetched when online; the cache itself is kept and persisted.
        staleTime: 0,
        gcTime: PERSIST_MAX_AGE_MS,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          const status = (error as { status?: number }).status;
          return failureCount < 2 && (status === undefined || status === 0 || status >= 500);
        },
        // Offline, queries keep what the cache has instead of spinning.
        networkMode: 'offlineFirst',
      },
      mutations: { networkMode: 'online' },
    },
  });
}

const IDB_KEY = 'palco-query-cache';

export function createIdbPersister(): Persister {
  return {
    persistClient: (client: PersistedClient) => set(IDB_KEY, client),
    restoreClient: () => get<PersistedClient>(IDB_KEY),
    removeClient: () => del(IDB_KEY),
  };
}

export const BUILD_ID = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';

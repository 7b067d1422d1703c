import {
  type PersistedClient,
  type Persister,
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from '@tanstack/query-persist-client-core';
import {
  type FetchQueryOptions,
  onlineManager,
  type Query,
  QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { del, get, set } from 'idb-keyval';

/** Query keys whose first part is listed here are never written to IndexedDB (auth and session data). */
export const NEVER_PERSISTED = new Set(['session']);

export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** A query that holds data and is not session data is written to IndexedDB — also when its last refetch
 * failed (offline, a 5xx): the data it still holds is what the page shows on the next offline start. */
export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  return query.state.data !== undefined && !NEVER_PERSISTED.has(String(query.queryKey[0]));
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export function createQueryClient() {
  // The query library assumes "online" until an event says otherwise: start from what the browser knows,
  // so an offline reload does not wait for retries.
  if (isOffline()) onlineManager.setOnline(false);
  return new QueryClient({
    defaultOptions: {
      queries: {
        // SPEC: "query cache time 0" — always refetched when online; the cache itself is kept and persisted.
        staleTime: 0,
        gcTime: PERSIST_MAX_AGE_MS,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isOffline()) return false;
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

/** How recent an answer a page's loader takes as it is. The router preloads a link's page when the
 * pointer rests on it (`defaultPreload: 'intent'`), so the click that follows finds an answer fetched
 * a moment ago: that one is shown, not asked for again. */
export const VISIT_FRESH_MS = 3000;

/** When this page (this JavaScript context) started: an answer older than that was restored from the
 * persisted cache, not fetched by this page. */
const PAGE_STARTED_AT = Date.now();

/** How old an answer a visit takes as it is: VISIT_FRESH_MS for one this page fetched (the pointer's
 * preload), none for one restored from the persisted cache. A reload within seconds of a save restores the
 * copy last written before it (the write the reload interrupts is lost), which can be under
 * VISIT_FRESH_MS old and still predate the save: a form seeded from it showed the old values. */
function visitStaleTime(queryClient: QueryClient, queryKey: QueryKey): number {
  const fetchedAt = queryClient.getQueryState(queryKey)?.dataUpdatedAt ?? 0;
  return fetchedAt >= PAGE_STARTED_AT ? VISIT_FRESH_MS : 0;
}

/** A page's loader starts fetching what the page shows, on every visit (SPEC: data is always
 * refetched), unless this page's own answer is under VISIT_FRESH_MS old or being fetched. */
export function prefetchForVisit<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
) {
  return queryClient.prefetchQuery({ ...options, staleTime: visitStaleTime(queryClient, options.queryKey) });
}

export const BUILD_ID = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';

// Persisting the cache is TanStack's query-persist-client-core (restore, subscribe, the saved shape),
// on the app's one copy of query-core (package.json pins it); what is the app's own is the IndexedDB
// store, the throttle and what a save holds (docs/decisions.md "The console's HTTP client and cache
// persister").
export type { PersistedClient, Persister };

const IDB_KEY = 'palco-query-cache';

export function createIdbPersister(): Persister {
  return {
    persistClient: (client) => set(IDB_KEY, client),
    restoreClient: () => get<PersistedClient>(IDB_KEY),
    removeClient: () => del(IDB_KEY),
  };
}

/** Which queries a save holds: data queries, never the 'session' ones, also after a failed refetch. */
const DEHYDRATE_OPTIONS = { shouldDehydrateQuery: shouldPersistQuery };

const RESTORE_TIMEOUT_MS = 1500;

/** Puts the persisted cache back before the router's first load, so loaders offline find their data.
 * An old build's cache (buster) or one older than the max age is dropped. A broken or slow IndexedDB
 * never blocks the start for more than a moment. */
export async function restorePersistedCache(
  queryClient: QueryClient,
  persister: Persister,
  { buster = BUILD_ID, maxAge = PERSIST_MAX_AGE_MS, timeoutMs = RESTORE_TIMEOUT_MS } = {},
): Promise<void> {
  // The library drops a store that fails to read, then rethrows: the start goes on without it.
  const restore = persistQueryClientRestore({ queryClient, persister, buster, maxAge }).catch(
    () => undefined,
  );
  await Promise.race([restore, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
}

const PERSIST_THROTTLE_MS = 500;

/** A save's cache as written: a query whose refetch failed is kept with its data as a success (the
 * failure is this session's, and an error object has no place in the store). */
function withFailuresAsSuccess(client: PersistedClient): PersistedClient {
  const { clientState } = client;
  return {
    ...client,
    clientState: {
      ...clientState,
      queries: clientState.queries.map((q) =>
        q.state.status === 'error'
          ? { ...q, state: { ...q.state, status: 'success', error: null, fetchFailureReason: null } }
          : q,
      ),
    },
  };
}

/** Writes the cache to IndexedDB after it changes, at most every half second (the last state wins), and
 * at once when the page is hidden (closed, reloaded, switched away). Returns the unsubscribe. */
export function persistCache(
  queryClient: QueryClient,
  persister: Persister,
  { buster = BUILD_ID, throttleMs = PERSIST_THROTTLE_MS } = {},
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest: PersistedClient | undefined;
  const write = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const client = latest;
    latest = undefined;
    if (!client) return;
    void Promise.resolve()
      .then(() => persister.persistClient(withFailuresAsSuccess(client)))
      .catch(() => undefined);
  };
  // The library saves on every cache change; the throttle sits between it and the store.
  const throttled: Persister = {
    persistClient: (client) => {
      latest = client;
      timer ??= setTimeout(write, throttleMs);
    },
    restoreClient: () => persister.restoreClient(),
    removeClient: () => persister.removeClient(),
  };
  const unsubscribe = persistQueryClientSubscribe({
    queryClient,
    persister: throttled,
    buster,
    dehydrateOptions: DEHYDRATE_OPTIONS,
  });
  const onHidden = () => {
    if (document.visibilityState === 'hidden') write();
  };
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onHidden);
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onHidden);
  };
}

/** When the persisted cache was last written (ms since epoch), if there is one. */
export async function persistedAt(): Promise<number | undefined> {
  try {
    return (await get<PersistedClient>(IDB_KEY))?.timestamp;
  } catch {
    return undefined;
  }
}

/** The newest time any data the console would show offline was fetched: the newest dataUpdatedAt of the
 * persistable queries in the cache. */
export function newestDataAt(queryClient: QueryClient): number | undefined {
  let newest: number | undefined;
  for (const q of queryClient.getQueryCache().getAll()) {
    if (!shouldPersistQuery(q) || !q.state.dataUpdatedAt) continue;
    if (newest === undefined || q.state.dataUpdatedAt > newest) newest = q.state.dataUpdatedAt;
  }
  return newest;
}

/** A page's loader that needs its data before it renders (a form seeded once from it): online, the
 * server's answer (unless this page's own is under VISIT_FRESH_MS old), so the form never starts from an old
 * copy; when no answer comes (offline, a network error, a 5xx) the cache's answer, so the page opens
 * offline from what was saved. A refusal (4xx) is never covered up by saved data. With nothing saved, the
 * failure is the page's error component's to show. */
export async function loadForVisit<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): Promise<TData> {
  try {
    return await queryClient.fetchQuery({
      ...options,
      staleTime: visitStaleTime(queryClient, options.queryKey),
    });
  } catch (error) {
    const status = (error as { status?: number }).status;
    const unanswered = status === undefined || status === 0 || status >= 500;
    const saved = queryClient.getQueryData<TData>(options.queryKey);
    if (unanswered && saved !== undefined) return saved;
    throw error;
  }
}

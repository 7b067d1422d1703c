import { useCallback, useSyncExternalStore } from 'react';
import { MOBILE_QUERY } from '@/styles/theme.css';

/** One MediaQueryList per query for the page's life: a render reads `matches` instead of creating one. */
const lists = new Map<string, MediaQueryList>();
const listFor = (query: string) => {
  let list = lists.get(query);
  if (!list) {
    list = matchMedia(query);
    lists.set(query, list);
  }
  return list;
};

/** Whether a media query matches, following changes (rotation, resize). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const list = listFor(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => listFor(query).matches,
    () => false,
  );
}

/** Below 930 px (SPEC §9): the phone layout (rows become cards, the menu a drawer, filters a sheet). */
export const useIsMobile = (): boolean => useMediaQuery(MOBILE_QUERY);

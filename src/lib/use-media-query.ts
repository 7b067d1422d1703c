import { useCallback, useSyncExternalStore } from 'react';
import { MOBILE_QUERY } from '@/styles/theme.css';

/** Whether a media query matches, following changes (rotation, resize). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const list = matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => matchMedia(query).matches,
    () => false,
  );
}

/** Below 930 px (SPEC §9): the phone layout (rows become cards, the menu a drawer, filters a sheet). */
export const useIsMobile = (): boolean => useMediaQuery(MOBILE_QUERY);

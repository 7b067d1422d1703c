import { useCallback, useSyncExternalStore } from 'react';
import { MOBILE_QUERY } from '@/styles/theme.css';

/** Below 930 px (SPEC §9): the video table becomes cards. */
export function useIsMobile(): boolean {
  const subscribe = useCallback((notify: () => void) => {
    const list = matchMedia(MOBILE_QUERY);
    list.addEventListener('change', notify);
    return () => list.removeEventListener('change', notify);
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}

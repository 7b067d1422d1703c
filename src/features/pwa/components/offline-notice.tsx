import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { shortDateTime } from '@/lib/intl';
import { newestDataAt, persistedAt } from '@/lib/query-client';
import { useOnline } from '@/lib/use-online';
import { BOTTOM_BAR_PROPERTY } from '@/styles/theme.css';
import * as css from './pwa.css';

/** "As of" time of the data shown offline: the newest fetch among the persisted queries in the cache,
 * or else when the cache was last written to IndexedDB. Followed while offline (the cache may still be
 * restoring when the page opens). */
function useSavedAt(active: boolean): number | undefined {
  const queryClient = useQueryClient();
  const [savedAt, setSavedAt] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (!active) return;
    let alive = true;
    const update = () => {
      const newest = newestDataAt(queryClient);
      if (newest !== undefined) setSavedAt(newest);
      else
        void persistedAt().then((at) => {
          if (alive) setSavedAt(at);
        });
    };
    update();
    const unsubscribe = queryClient.getQueryCache().subscribe(update);
    return () => {
      alive = false;
      unsubscribe();
    };
  }, [active, queryClient]);
  return savedAt;
}

/** Publishes the banner's height (it wraps on narrow screens) on the root element, so that panels
 * reaching the bottom edge, like the menu drawer, keep their content above it. */
function useBottomBar(active: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!active || !el) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() =>
      root.setProperty(BOTTOM_BAR_PROPERTY, `${el.getBoundingClientRect().height}px`),
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.removeProperty(BOTTOM_BAR_PROPERTY);
    };
  }, [active]);
  return ref;
}

/** A banner while the browser is offline, telling how fresh the data on screen is. */
export default function OfflineNotice() {
  const online = useOnline();
  const savedAt = useSavedAt(!online);
  const bar = useBottomBar(!online);
  const { t, i18n } = useLingui();
  if (online) return null;
  const dataHora = savedAt === undefined ? '' : shortDateTime(new Date(savedAt), i18n.locale);
  const text =
    savedAt === undefined
      ? t`Você está offline.`
      : t`Você está offline. Exibindo dados salvos em ${dataHora}.`;
  return (
    <div ref={bar} className={css.offline} role="status" data-testid="offline-notice">
      <span className={css.dot} aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

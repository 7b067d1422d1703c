import { Trans, useLingui } from '@lingui/react/macro';
import { Outlet, useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { PRODUCT_NAME } from '@/lib/brand';
import { rememberLastVisited } from '@/lib/last-visited';
import { useIsMobile } from '@/lib/use-media-query';
import { AppHeader } from './app-header';
import * as css from './app-shell.css';
import { AsideNav } from './aside-nav';
import { ScrollToTop } from './scroll-to-top';

const PAGE_TRANSITION_MS = 200;

/** SPEC §2.2: each page enters with a 200 ms transition (none under prefers-reduced-motion). */
function usePageTransition(key: string) {
  const ref = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key (page) is what starts the animation.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const el = ref.current;
    if (!el?.animate || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    el.animate(
      [
        { opacity: 0, transform: 'translateY(6px)' },
        { opacity: 1, transform: 'none' },
      ],
      { duration: PAGE_TRANSITION_MS, easing: 'ease-out' },
    );
  }, [key]);
  return ref;
}

/** The signed-in layout: aside menu (a drawer below 930 px), header, the page, scroll-to-top. */
export function AppShell() {
  const { t } = useLingui();
  const { pathname, href } = useLocation();
  const pageRef = usePageTransition(pathname);
  // Below 930 px the menu is the header's drawer; the aside is not rendered at all (not merely hidden),
  // which spares a phone's first render its links and their active-route matching.
  const mobile = useIsMobile();
  // Only pages that actually open are remembered (a gated page that sent the user to /403 is not).
  useEffect(() => rememberLastVisited(href), [href]);
  return (
    <div className={css.shell}>
      <a href="#main" className={css.skipLink}>
        <Trans>Pular para o conteúdo</Trans>
      </a>
      {mobile ? null : (
        <aside className={css.aside} aria-label={t`Menu lateral`}>
          <div className={css.brand}>{PRODUCT_NAME}</div>
          <AsideNav />
        </aside>
      )}
      <div className={css.column}>
        <AppHeader />
        <main id="main" className={css.main} tabIndex={-1}>
          <div ref={pageRef} className={css.page}>
            <Outlet />
          </div>
        </main>
      </div>
      <ScrollToTop />
    </div>
  );
}

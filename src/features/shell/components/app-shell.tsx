import { Trans, useLingui } from '@lingui/react/macro';
import { Outlet, useLocation, useRouter } from '@tanstack/react-router';
import { useDeferredValue, useEffect, useLayoutEffect, useRef } from 'react';
import { PRODUCT_NAME } from '@/lib/brand';
import { rememberLastVisited } from '@/lib/last-visited';
import { useIsMobile } from '@/lib/use-media-query';
import { AppHeader } from './app-header';
import * as headerCss from './app-header.css';
import * as css from './app-shell.css';
import { AsideNav } from './aside-nav';
import { Breadcrumb } from './breadcrumb';
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

/** The router restores a reloaded page's scroll position when the frame has rendered, before the
 * deferred page is there to scroll: once it is, the router is told the page rendered, and restores
 * again (the same event its own render sends; nothing else listens to it). */
function useRestoreScrollOnceShown(pageShown: boolean) {
  const router = useRouter();
  const done = useRef(false);
  useLayoutEffect(() => {
    if (!pageShown || done.current) return;
    done.current = true;
    const location = router.state.resolvedLocation ?? router.state.location;
    router.emit({
      type: 'onRendered',
      fromLocation: location,
      toLocation: location,
      pathChanged: false,
      hrefChanged: false,
      hashChanged: false,
    });
  }, [pageShown, router]);
}

/** The page, one deferred render after the header's (see AppShell). */
function DeferredPage() {
  const pageShown = useDeferredValue(true, false);
  useRestoreScrollOnceShown(pageShown);
  return pageShown ? <Outlet /> : null;
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
  // When the console opens, it renders in three steps instead of one long task: the shell's box
  // (with the header's place kept) commits first, then the header and the menu, then the page, each
  // in a deferred render that React renders in slices and interrupts for input. The values stay true:
  // later navigations render at once.
  const frameShown = useDeferredValue(true, false);
  return (
    <div className={css.shell}>
      <a href="#main" className={css.skipLink}>
        <Trans>Pular para o conteúdo</Trans>
      </a>
      {mobile ? null : (
        <aside className={css.aside} aria-label={t`Menu lateral`}>
          <div className={css.brand}>{PRODUCT_NAME}</div>
          {frameShown ? <AsideNav /> : null}
        </aside>
      )}
      <div className={css.column}>
        {frameShown ? <AppHeader /> : <div className={headerCss.header} />}
        <main id="main" className={css.main} tabIndex={-1}>
          {frameShown ? <Breadcrumb /> : null}
          <div ref={pageRef} className={css.page}>
            {frameShown ? <DeferredPage /> : null}
          </div>
        </main>
      </div>
      <ScrollToTop />
    </div>
  );
}

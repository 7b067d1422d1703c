import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { MOBILE_QUERY } from '@/styles/theme.css';
import { useMediaQuery } from '../hooks/use-media-query';
import * as css from './app-header.css';
import { LogoutIcon, MenuIcon } from './icons';
import { LanguageSelect } from './language-select';
import { TeamSwitcher } from './team-switcher';

// The drawer (Ark dialog) is only needed on narrow screens: loaded there, on demand.
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));

function MenuButtonFallback() {
  const { t } = useLingui();
  return (
    <button type="button" className={css.iconButton} aria-label={t`Abrir menu`} disabled>
      <MenuIcon />
    </button>
  );
}

/** SPEC §2.2 header: (mobile) menu button, team selector, language selector, logout. */
export function AppHeader() {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // The drawer closes on navigation and when the screen grows past the mobile breakpoint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not a value used.
  useEffect(() => setMenuOpen(false), [pathname, mobile]);
  return (
    <header className={css.header}>
      {mobile ? (
        <Suspense fallback={<MenuButtonFallback />}>
          <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} />
        </Suspense>
      ) : null}
      <div className={css.team}>
        <TeamSwitcher />
      </div>
      <div className={css.actions}>
        <LanguageSelect />
        <Link to="/logout" preload={false} className={css.logout}>
          <LogoutIcon />
          <span className={css.logoutText}>
            <Trans>Sair</Trans>
          </span>
        </Link>
      </div>
    </header>
  );
}

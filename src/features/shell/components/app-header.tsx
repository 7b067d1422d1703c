import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useOpenedOnce } from '@/components/ui/use-opened-once';
import { useIsMobile } from '@/lib/use-media-query';
import * as css from './app-header.css';
import { LogoutIcon, MenuIcon, UserIcon } from './icons';
import { LanguageSelect } from './language-select';
import { TeamSwitcher } from './team-switcher';

// The drawer (Ark dialog) is only needed on narrow screens, and only once asked for: until the first
// tap the menu button is a plain button, and the drawer (its chunk and its state machine) is created
// already open by that tap. Focus returns to the drawer's own trigger when it closes.
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));

function MenuButton({ onClick }: { onClick?: () => void }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className={css.iconButton}
      aria-label={t`Abrir menu`}
      aria-haspopup="dialog"
      disabled={!onClick}
      onClick={onClick}
    >
      <MenuIcon />
    </button>
  );
}

/** SPEC §2.2 header: (mobile) menu button, team selector, language selector, logout. */
export function AppHeader() {
  const mobile = useIsMobile();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuWanted = useOpenedOnce(menuOpen);
  // The drawer closes on navigation and when the screen grows past the mobile breakpoint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not a value used.
  useEffect(() => setMenuOpen(false), [pathname, mobile]);
  return (
    <header className={css.header}>
      {mobile && menuWanted ? (
        <Suspense fallback={<MenuButton />}>
          <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} />
        </Suspense>
      ) : mobile ? (
        <MenuButton onClick={() => setMenuOpen(true)} />
      ) : null}
      <div className={css.team}>
        <TeamSwitcher />
      </div>
      <div className={css.actions}>
        <LanguageSelect />
        <Link to="/profile" className={css.logout}>
          <UserIcon />
          <span className={css.logoutText}>
            <Trans>Meu perfil</Trans>
          </span>
        </Link>
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

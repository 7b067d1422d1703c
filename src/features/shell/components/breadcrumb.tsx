import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from '@tanstack/react-router';
import { crumbOf } from '../menu';
import * as css from './breadcrumb.css';

/** SPEC §2.2: /dashboard is the breadcrumb home. Above every shell page: 'Início' (a link to the
 * dashboard) and the page's section by its menu name; on the dashboard itself, 'Início' alone. */
export function Breadcrumb() {
  const { t, i18n } = useLingui();
  const { pathname } = useLocation();
  const home = pathname === '/dashboard';
  const crumb = home ? null : crumbOf(pathname);
  return (
    <nav aria-label={t`Trilha de navegação`} className={css.nav}>
      <ol className={css.list}>
        <li className={css.item}>
          {home ? (
            <span aria-current="page">
              <Trans>Início</Trans>
            </span>
          ) : (
            <Link to="/dashboard" className={css.link} data-testid="breadcrumb-home">
              <Trans>Início</Trans>
            </Link>
          )}
        </li>
        {crumb ? (
          <li className={css.item}>
            <span className={css.separator} aria-hidden="true">
              /
            </span>
            <span>{i18n._(crumb)}</span>
          </li>
        ) : null}
      </ol>
    </nav>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { visuallyHidden } from '@/components/ui/layout.css';
import { useSession } from '@/lib/use-session';
import { buildMenu, type MenuItem, type MenuSection } from '../menu';
import * as css from './aside-nav.css';
import { ExternalIcon } from './icons';

function Beta() {
  return (
    <span className={css.beta}>
      <Trans>beta</Trans>
    </span>
  );
}

function Entry({ item, onNavigate }: { item: MenuItem; onNavigate?: () => void }) {
  const { i18n } = useLingui();
  const label = i18n._(item.label);
  if (item.href !== undefined) {
    return (
      <a className={css.link} href={item.href} target="_blank" rel="noopener noreferrer">
        <span className={css.label}>{label}</span>
        {item.beta ? <Beta /> : null}
        <ExternalIcon />
        <span className={visuallyHidden}>
          <Trans>(abre em uma nova aba)</Trans>
        </span>
      </a>
    );
  }
  return (
    <Link
      className={css.link}
      to={item.to}
      activeOptions={item.exact ? { exact: true, includeSearch: false } : undefined}
      onClick={onNavigate}
      data-menu={item.key}
    >
      <span className={css.label}>{label}</span>
      {item.beta ? <Beta /> : null}
    </Link>
  );
}

function Section({ section, onNavigate }: { section: MenuSection; onNavigate?: () => void }) {
  const { i18n } = useLingui();
  const headingId = useId();
  return (
    <div className={css.section}>
      {section.title ? (
        <h2 id={headingId} className={css.sectionTitle}>
          {i18n._(section.title)}
        </h2>
      ) : null}
      <ul className={css.list} aria-labelledby={section.title ? headingId : undefined}>
        {section.items.map((item) => (
          <li key={item.key}>
            <Entry item={item} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The aside menu (SPEC §2.2, §6 visibility), used by the desktop aside and the mobile drawer. */
export function AsideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useLingui();
  const { permissions, user } = useSession();
  const sections = buildMenu(permissions, user?.diretorioRoot);
  return (
    <div className={css.root}>
      <nav aria-label={t`Menu principal`} className={css.nav}>
        {sections.map((section) => (
          <Section key={section.key} section={section} onNavigate={onNavigate} />
        ))}
      </nav>
      <p className={css.version}>
        <Trans>Versão</Trans> <span data-testid="build-tag">v{__APP_VERSION__}</span>
      </p>
    </div>
  );
}

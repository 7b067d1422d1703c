import { useLingui } from '@lingui/react/macro';
import { Outlet } from '@tanstack/react-router';
import { PRODUCT_NAME } from '@/lib/brand';
import { activateLocale, type Locale } from '@/lib/i18n';
import * as css from './auth-layout.css';

// Each language is named in itself, so it reads right whatever language is active.
const LOCALE_CHOICES: { locale: Locale; name: string }[] = [
  { locale: 'pt-BR', name: 'Português' },
  { locale: 'en', name: 'English' },
];

/** The signed-out pages: a centred card on the brand background (full width on a phone). */
export function AuthLayout() {
  const { i18n } = useLingui();
  return (
    <div className={css.page}>
      <main className={css.card}>
        <div className={css.brand}>
          <BrandMark />
          <span>{PRODUCT_NAME}</span>
        </div>
        <div className={css.content}>
          <Outlet />
        </div>
      </main>
      <footer className={css.footer}>
        <span>v{__APP_VERSION__}</span>
        <div className={css.locales}>
          {LOCALE_CHOICES.map((choice) => (
            <button
              key={choice.locale}
              type="button"
              lang={choice.locale}
              className={css.localeButton}
              aria-pressed={i18n.locale === choice.locale}
              onClick={() => void activateLocale(choice.locale)}
            >
              {choice.name}
            </button>
          ))}
        </div>
      </footer>
    </div>
  );
}

function BrandMark() {
  return (
    <svg
      className={css.brandMark}
      width="32"
      height="32"
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path className={css.brandPlay} d="M12 9.5v13l10.5-6.5L12 9.5Z" />
    </svg>
  );
}

import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { visuallyHidden } from '@/components/ui/layout.css';
import { activateLocale, isLocale, type Locale } from '@/lib/i18n';
import { useIsMobile } from '@/lib/use-media-query';
import * as css from './app-header.css';

// Each language is named in itself, so anyone can find their own; on a phone the header has room for
// its code only (the team selector needs the width).
const NAMES: Record<Locale, string> = { 'pt-BR': 'Português', en: 'English' };
const CODES: Record<Locale, string> = { 'pt-BR': 'PT', en: 'EN' };

/** SPEC §2.2 language selector: pt-BR or English, kept in localStorage and a cookie (lib/i18n). */
export function LanguageSelect() {
  const { t, i18n } = useLingui();
  const id = useId();
  const mobile = useIsMobile();
  return (
    <div className={css.language}>
      <label htmlFor={id} className={visuallyHidden}>
        {t`Idioma`}
      </label>
      <select
        id={id}
        name="locale"
        className={css.select}
        value={i18n.locale}
        onChange={(e) => {
          if (isLocale(e.target.value)) void activateLocale(e.target.value);
        }}
      >
        {(Object.keys(NAMES) as Locale[]).map((locale) => (
          <option key={locale} value={locale} lang={locale} title={NAMES[locale]}>
            {mobile ? CODES[locale] : NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}

import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { visuallyHidden } from '@/components/ui/layout.css';
import { activateLocale, isLocale, type Locale } from '@/lib/i18n';
import * as css from './app-header.css';

// Each language is named in itself, so anyone can find their own.
const NAMES: Record<Locale, string> = { 'pt-BR': 'Português', en: 'English' };

/** SPEC §2.2 language selector: pt-BR or English, kept in localStorage and a cookie (lib/i18n). */
export function LanguageSelect() {
  const { t, i18n } = useLingui();
  const id = useId();
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
          <option key={locale} value={locale} lang={locale}>
            {NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}

import { i18n, type Messages } from '@lingui/core';

export type StudioLocale = 'pt-BR' | 'en';

/** The console's choice when this browser made one (same key), else the browser's languages. */
export function pickLocale(stored: string | null, languages: readonly string[]): StudioLocale {
  if (stored === 'en' || stored === 'pt-BR') return stored;
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0];
    if (base === 'pt') return 'pt-BR';
    if (base === 'en') return 'en';
  }
  return 'pt-BR';
}

// The studio's own catalogue (lingui.config.ts), a small chunk a locale: never the console's.
const CATALOGUES: Record<StudioLocale, () => Promise<{ messages: Messages }>> = {
  'pt-BR': () => import('../locales/pt-BR/studio.po'),
  en: () => import('../locales/en/studio.po'),
};

export async function activate(locale: StudioLocale): Promise<void> {
  const { messages } = await CATALOGUES[locale]();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}

import { i18n, type Messages } from '@lingui/core';

export type EmbedLocale = 'pt-BR' | 'en';

/** The viewer's language among the player's two: English for an English-first browser, else pt-BR. */
export function pickLocale(languages: readonly string[]): EmbedLocale {
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0];
    if (base === 'pt') return 'pt-BR';
    if (base === 'en') return 'en';
  }
  return 'pt-BR';
}

// The player's own catalogue (lingui.config.ts), a small chunk a locale: never the console's.
const CATALOGUES: Record<EmbedLocale, () => Promise<{ messages: Messages }>> = {
  'pt-BR': () => import('../locales/pt-BR/embed.po'),
  en: () => import('../locales/en/embed.po'),
};

export async function activate(locale: EmbedLocale): Promise<void> {
  const { messages } = await CATALOGUES[locale]();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}

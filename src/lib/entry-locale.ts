import { i18n, type Messages } from '@lingui/core';

/** The two languages of the pages outside the console (the embed player, the classroom, the studio). */
export type EntryLocale = 'pt-BR' | 'en';

/** One entry's catalogue a locale, each a small chunk of its own (lingui.config.ts): never the console's. */
export type EntryCatalogues = Record<EntryLocale, () => Promise<{ messages: Messages }>>;

/** The console's choice when this browser made one (same key; the embed passes none), else the browser's
 * languages: English for an English-first browser, else pt-BR. */
export function pickLocale(stored: string | null, languages: readonly string[]): EntryLocale {
  if (stored === 'en' || stored === 'pt-BR') return stored;
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0];
    if (base === 'pt') return 'pt-BR';
    if (base === 'en') return 'en';
  }
  return 'pt-BR';
}

/** Loads the entry's catalogue for the locale and makes it the page's language. */
export async function activateEntryLocale(catalogues: EntryCatalogues, locale: EntryLocale): Promise<void> {
  const { messages } = await catalogues[locale]();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}

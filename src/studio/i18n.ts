import { activateEntryLocale, type EntryCatalogues, type EntryLocale } from '@/lib/entry-locale';

export { pickLocale } from '@/lib/entry-locale';

// The studio's own catalogue (lingui.config.ts), a small chunk a locale: never the console's.
const CATALOGUES: EntryCatalogues = {
  'pt-BR': () => import('../locales/pt-BR/studio.po'),
  en: () => import('../locales/en/studio.po'),
};

export const activate = (locale: EntryLocale) => activateEntryLocale(CATALOGUES, locale);

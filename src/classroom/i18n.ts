import { activateEntryLocale, type EntryCatalogues, type EntryLocale } from '@/lib/entry-locale';

export { pickLocale } from '@/lib/entry-locale';

// The classroom's own catalogue (lingui.config.ts), a small chunk a locale: never the console's.
const CATALOGUES: EntryCatalogues = {
  'pt-BR': () => import('../locales/pt-BR/classroom.po'),
  en: () => import('../locales/en/classroom.po'),
};

export const activate = (locale: EntryLocale) => activateEntryLocale(CATALOGUES, locale);

import { i18n, type Messages } from '@lingui/core';
import { shortDateTime } from './intl';

export const LOCALES = ['pt-BR', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'pt-BR';
export const LOCALE_STORAGE_KEY = 'palco-locale';
const COOKIE_MAX_AGE_SECONDS = 3650 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  return document.cookie
    .split('; ')
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
}

export function storedLocale(): Locale {
  const fromStorage = localStorage.getItem(LOCALE_STORAGE_KEY);
  if (isLocale(fromStorage)) return fromStorage;
  const fromCookie = readCookie(LOCALE_STORAGE_KEY);
  return isLocale(fromCookie) ? fromCookie : DEFAULT_LOCALE;
}

type Catalogue = Promise<{ messages: Messages }>;

// Only the active locale's catalogues are loaded, a chunk each: what every page needs (sign-in, shell)
// at start-up, the texts of the console's pages (streaming, VOD, records) before the first signed-in
// page (lingui.config.ts).
const CATALOGUES: Record<Locale, { core: () => Catalogue; pages: () => Catalogue }> = {
  'pt-BR': {
    core: () => import('../locales/pt-BR/messages.po'),
    pages: () => import('../locales/pt-BR/pages.po'),
  },
  en: { core: () => import('../locales/en/messages.po'), pages: () => import('../locales/en/pages.po') },
};

/** Whether the pages' texts are wanted (a signed-in page was opened): a locale switch loads them too. */
let withPages = false;
/** The locale whose active messages include the pages' texts. */
let pagesIn: Locale | null = null;

/** Activates a locale and remembers it in localStorage and in a cookie for 3650 days. */
export async function activateLocale(locale: Locale): Promise<void> {
  const pages = withPages;
  const parts = await Promise.all([
    CATALOGUES[locale].core(),
    ...(pages ? [CATALOGUES[locale].pages()] : []),
  ]);
  i18n.loadAndActivate({ locale, messages: Object.assign({}, ...parts.map((part) => part.messages)) });
  pagesIn = pages ? locale : null;
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the locale in a cookie too.
  document.cookie = `${LOCALE_STORAGE_KEY}=${locale}; max-age=${COOKIE_MAX_AGE_SECONDS}; path=/; SameSite=Lax`;
  document.documentElement.lang = locale;
  warmFormatters(locale);
}

/**
 * Creates the locale's first number and date formatters ahead of the first page, each in a task of its
 * own. The first of each kind loads the locale's ICU data (about 17 ms for the number formatter on a
 * laptop, four times that on a mid-range phone): made inside the first render that shows a count or a
 * date (the stream list's total, its rows' dates), it lengthened that render's one long task, during
 * which the page answers no input. Both are cached, so the page then reuses them: Lingui's for the
 * plurals' counts, src/lib/intl.ts's for the lists' dates.
 */
function warmFormatters(locale: Locale): void {
  setTimeout(() => i18n.number(0), 0);
  setTimeout(() => shortDateTime(new Date(0), locale), 0);
}

/** Adds the texts of the console's pages to the active locale's messages (src/routes/_authed.tsx). */
export async function loadPageMessages(): Promise<void> {
  withPages = true;
  const locale = i18n.locale as Locale;
  if (pagesIn === locale) return;
  const { messages } = await CATALOGUES[locale].pages();
  // A locale switch meanwhile loaded them (or another locale's) already.
  if (pagesIn !== null || i18n.locale !== locale) return;
  i18n.load(locale, messages);
  pagesIn = locale;
}

export { i18n };

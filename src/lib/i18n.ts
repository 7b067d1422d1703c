import { i18n } from '@lingui/core';
// The default locale ships in the shell (and so in the service worker's precache); English loads on demand.
import { messages as ptBR } from '../locales/pt-BR/messages.po';

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

async function loadMessages(locale: Locale) {
  if (locale === 'pt-BR') return ptBR;
  const { messages } = await import('../locales/en/messages.po');
  return messages;
}

/** Activates a locale and remembers it in localStorage and in a cookie for 3650 days. */
export async function activateLocale(locale: Locale): Promise<void> {
  const messages = await loadMessages(locale);
  i18n.loadAndActivate({ locale, messages });
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the locale in a cookie too.
  document.cookie = `${LOCALE_STORAGE_KEY}=${locale}; max-age=${COOKIE_MAX_AGE_SECONDS}; path=/; SameSite=Lax`;
  document.documentElement.lang = locale;
}

export { i18n };

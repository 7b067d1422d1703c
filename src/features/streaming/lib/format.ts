import { shortDateTime } from '@/lib/intl';

/** Date and time of an instant in the locale (the browser's time zone unless one is given). */
export function formatDateTime(iso: string | null, locale: string, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return shortDateTime(date, locale, timeZone);
}

import { shortDateTime } from '@/lib/intl';

/** Date and time of an instant in the locale, in the user's time zone (lib/intl.ts `shortDateTime`). */
export function formatDateTime(iso: string | null, locale: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return shortDateTime(date, locale);
}

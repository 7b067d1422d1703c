import { shortDateTime } from '@/lib/intl';

/** Date and time of an instant in the locale (the browser's time zone unless one is given). */
export function formatDateTime(iso: string | null, locale: string, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return shortDateTime(date, locale, timeZone);
}

/** A duration as H:MM:SS (or M:SS under an hour). */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

import { dateTimeFormat, formatDuration, formatMilliseconds } from '@/lib/intl';

/** A length of time the player measured (startup, a stall, watch time): "850 ms", "12,5 s", then "m:ss"
 * or "h:mm:ss" from a minute on (the console's one formatter, src/lib/intl.ts). Null for an unknown one. */
export const formatMs = (ms: number | null | undefined, locale: string): string | null =>
  formatMilliseconds(ms, locale, { clockFromMinute: true });

/**
 * A playhead (media or stream time, seconds): "m:ss" or "h:mm:ss", with tenths when it falls between
 * seconds ("0:12.5"): a timeline's events a fraction apart stay apart. Null for an unknown one.
 */
export function formatPlayhead(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  const tenths = Math.round(seconds * 10);
  const whole = formatDuration(Math.floor(tenths / 10));
  return tenths % 10 === 0 ? whole : `${whole}.${tenths % 10}`;
}

/** The clock time of an event, to the second, in the user's time zone (docs/ui.md "One clock"). */
export const clockTime = (iso: string, locale: string) =>
  dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(new Date(iso));

/** Date and time of a view's start, to the second, in the user's time zone. */
export const startedAt = (iso: string, locale: string) =>
  dateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(new Date(iso));

/** An event's time from the start of its view: "+0:05". */
export function sinceStart(iso: string, startIso: string): string | null {
  const ms = Date.parse(iso) - Date.parse(startIso);
  if (!Number.isFinite(ms)) return null;
  const text = formatDuration(Math.max(0, ms) / 1000);
  return text === null ? null : `+${text}`;
}

/** A country's name in the locale from its ISO code (the code itself where the browser has none). */
export function countryName(code: string | null | undefined, locale: string): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** "City, State" (whichever is known), or null. */
export function placeOf(view: { city?: string | null; state?: string | null }): string | null {
  const parts = [view.city, view.state].filter((p): p is string => typeof p === 'string' && p !== '');
  return parts.length > 0 ? parts.join(', ') : null;
}

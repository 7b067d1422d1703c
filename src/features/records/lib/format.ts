import { dateTimeFormat } from '@/lib/intl';
import { temporal } from '@/lib/temporal';

const DATE = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
const TIME = { hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;

/** An entry's moment as date and time in the user's locale and time zone. */
export function formatMoment(iso: string, locale: string, timeZone: string): { date: string; time: string } {
  try {
    const at = temporal().Instant.from(iso).epochMilliseconds;
    return {
      date: dateTimeFormat(locale, { ...DATE, timeZone }).format(at),
      time: dateTimeFormat(locale, { ...TIME, timeZone }).format(at),
    };
  } catch {
    return { date: iso, time: '' };
  }
}

/** Up to two initials for an avatar without a picture: first and last word of the name, else the
 * e-mail's first letter. */
export function initials(name: string | null | undefined, email: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (first) {
    const last = words.length > 1 ? words[words.length - 1] : undefined;
    return `${[...first][0] ?? ''}${last ? ([...last][0] ?? '') : ''}`.toUpperCase();
  }
  return ([...(email ?? '').trim()][0] ?? '?').toUpperCase();
}

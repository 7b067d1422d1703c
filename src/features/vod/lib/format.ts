import { numberFormat } from '@/lib/intl';

/** A byte count for people, in the given locale ("1,5 GB"). */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${numberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

export const MAX_TITLE_LENGTH = 200;

/** A new content's title: the file name without its extension, within the 200-character limit. */
export function titleFromFileName(name: string): string {
  const base = name.replace(/\.[^./\\]{1,8}$/, '').trim();
  return (base || name.trim() || 'video').slice(0, MAX_TITLE_LENGTH);
}

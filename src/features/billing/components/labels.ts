import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LineItem } from '../api/get-statements';

/** The name of each billed metric, with its unit. */
export const METRIC_LABELS: Record<LineItem['metric'], MessageDescriptor> = {
  storage: msg`Armazenamento (GB-mês)`,
  encoded: msg`Minutos codificados`,
  live: msg`Minutos ao vivo`,
  delivered: msg`Minutos entregues`,
};

/**
 * The x axis' day labels in the reader's locale (uPlot's own are US month/day): '03/11' under pt-BR,
 * '11/3' in English. The days are UTC days (docs/billing.md), drawn at noon UTC.
 */
export function dayLabels(locale: string, seconds: readonly number[]): string[] {
  const format = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
  return seconds.map((s) => format.format(new Date(s * 1000)));
}

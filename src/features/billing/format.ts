import type { LineItem, Statement } from './api/get-statements';
import type { UsageDay } from './api/get-usage';

/** One CSV field (RFC 4180): quoted when it holds a delimiter, a quote or a line break. */
function field(value: string | number): string {
  const text = String(value);
  return /[",\r\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export interface CsvLabels {
  header: [string, string, string, string, string, string, string];
  metric: Record<LineItem['metric'], string>;
  total: string;
}

/**
 * A month's statement as CSV: one row per line item, then the total. Numbers keep a dot as decimal
 * separator (what spreadsheets and scripts parse alike); the header names the currency.
 */
export function statementCsv(statement: Statement, labels: CsvLabels): string {
  const rows: (string | number)[][] = [labels.header];
  for (const item of statement.items) {
    rows.push([
      statement.month,
      labels.metric[item.metric],
      item.quantity,
      item.included,
      item.billable,
      item.unitPrice,
      item.amount.toFixed(2),
    ]);
  }
  rows.push([statement.month, labels.total, '', '', '', '', statement.total.toFixed(2)]);
  return `${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}

/** A month's daily usage as CSV: one row per day, the header given (day first, then the four metrics). */
export function usageCsv(days: UsageDay[], header: [string, string, string, string, string]): string {
  const rows: (string | number)[][] = [header];
  for (const d of days)
    rows.push([d.day, d.storageGbMonths, d.encodedMinutes, d.liveMinutes, d.deliveredMinutes]);
  return `${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}

/** Percent of a quota used (0 when the plan includes nothing and nothing was used). */
export function quotaPercent(used: number, quota: number): number {
  if (quota <= 0) return used > 0 ? 100 : 0;
  return (used / quota) * 100;
}

/** Bytes as the page shows them (decimal units, like the GB of the plan). */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

/** Starts the download of a text file made in the page. */
export function download(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

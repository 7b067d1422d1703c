import { Temporal } from 'temporal-polyfill';
import { plainText } from '../../db/plain-search.ts';
import type { Latency, StreamType } from '../../db/tables/streams.ts';
import { stripBidiControls } from '../../http/schemas.ts';
import { type Lang, type MessageKey, t } from '../../lib/i18n.ts';
import { type CsvParse, parseCsv, parseCsvSliced } from './csv-records.ts';

// The checks of a CSV of streams (columns, dates in a time zone, types, latencies). A module of its own,
// loaded by the route at its first file: with it come the CSV parser and the Temporal polyfill, which
// an instance that never receives a CSV need not hold in memory (docs/server.md "Memory").

export const MAX_CSV_ROWS = 100;
const COLUMNS = ['nome', 'data', 'hora', 'descricao', 'tipo', 'latencia'] as const;
type Column = (typeof COLUMNS)[number];

const plain = (s: string) => plainText(s).trim();

const TYPES: Record<string, StreamType> = { studio: 'studio', estudio: 'studio', encoder: 'encoder' };
const LATENCY: Record<string, Latency> = {
  default: 'default',
  padrao: 'default',
  normal: 'default',
  low: 'low',
  baixa: 'low',
  ultralow: 'ultraLow',
  'ultra low': 'ultraLow',
  'ultra-low': 'ultraLow',
  'ultra baixa': 'ultraLow',
  ultrabaixa: 'ultraLow',
};

const DMY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;
const HMS = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/** The instant of a local date and time in the time zone, or the message key of what is wrong. */
/** The row's day, or null when it is not a real DD/MM/AAAA or AAAA-MM-DD date. */
function plainDateOf(date: string): Temporal.PlainDate | null {
  const d = DMY.exec(date.trim());
  const iso = YMD.exec(date.trim());
  const [year, month, day] = d ? [d[3], d[2], d[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!year) return null;
  try {
    return Temporal.PlainDate.from(
      { year: Number(year), month: Number(month), day: Number(day) },
      { overflow: 'reject' },
    );
  } catch {
    return null;
  }
}

/** The row's time of day, or null when it is not a real HH:mm or HH:mm:ss time. */
function plainTimeOf(time: string): Temporal.PlainTime | null {
  const h = HMS.exec(time.trim());
  if (!h) return null;
  try {
    return Temporal.PlainTime.from(
      { hour: Number(h[1]), minute: Number(h[2]), second: Number(h[3] ?? 0) },
      { overflow: 'reject' },
    );
  } catch {
    return null;
  }
}

/** The instant a row names in the zone, or every problem of its date and time (both when both are bad). */
function instantOf(date: string, time: string, timeZone: string): Date | MessageKey[] {
  const plainDate = plainDateOf(date);
  const plainTime = plainTimeOf(time);
  if (!plainDate || !plainTime) {
    const problems: MessageKey[] = [];
    if (!plainDate) problems.push('csvDate');
    if (!plainTime) problems.push('csvTime');
    return problems;
  }
  const instant = plainDate.toPlainDateTime(plainTime).toZonedDateTime(timeZone).toInstant();
  return new Date(instant.epochMilliseconds);
}

interface CsvStream {
  line: number;
  nome: string;
  descricao: string | null;
  scheduledStartTime: Date;
  type?: StreamType;
  latency?: Latency;
}

export type CsvCheck =
  | { ok: true; rows: CsvStream[] }
  | { ok: false; message: string; errors: { line: number; message: string }[] };

/** Every row checked; any problem fails the whole file, listing each bad row by its line number. */
export function checkCsv(csv: string, timeZone: string, lang: Lang): CsvCheck {
  return checkRecords(parseCsv(csv), timeZone, lang);
}

/** The same, the text parsed in slices: a megabyte of CSV never holds the event loop (health check,
 * other clients). */
export async function checkCsvSliced(csv: string, timeZone: string, lang: Lang): Promise<CsvCheck> {
  return checkRecords(await parseCsvSliced(csv), timeZone, lang);
}

function checkRecords(parsed: CsvParse, timeZone: string, lang: Lang): CsvCheck {
  const fail = (key: MessageKey, errors: { line: number; message: string }[] = []): CsvCheck => ({
    ok: false,
    message: t(lang, key),
    errors,
  });
  if (!parsed.ok) {
    const message = t(lang, parsed.problem === 'unclosed' ? 'csvQuote' : 'csvQuoteMisplaced');
    return fail('csvRows', [{ line: parsed.line, message }]);
  }
  const [header, ...data] = parsed.records;
  if (!header) return fail('csvEmpty');
  // More columns than there are names means an unknown or repeated one: said before normalizing
  // every name of a header that may hold a million empty ones.
  if (header.fields.length > COLUMNS.length)
    return fail('csvHeader', [{ line: header.line, message: t(lang, 'csvHeader') }]);
  const names = header.fields.map(plain);
  const index = new Map<Column, number>();
  for (const [i, name] of names.entries()) {
    const column = COLUMNS.find((c) => c === name);
    if (!column || index.has(column))
      return fail('csvHeader', [{ line: header.line, message: t(lang, 'csvHeader') }]);
    index.set(column, i);
  }
  if (!index.has('nome') || !index.has('data') || !index.has('hora'))
    return fail('csvHeader', [{ line: header.line, message: t(lang, 'csvHeader') }]);
  if (data.length === 0) return fail('csvEmpty');
  if (data.length > MAX_CSV_ROWS) return fail('csvTooMany');

  const errors: { line: number; message: string }[] = [];
  const rows: CsvStream[] = [];
  for (const { line, fields } of data) {
    const problems: string[] = [];
    if (fields.length > names.length) {
      problems.push(t(lang, 'csvColumns', { found: fields.length, expected: names.length }));
    } else {
      const get = (c: Column) => {
        const i = index.get(c);
        return i === undefined ? '' : (fields[i] ?? '').trim();
      };
      // The same rule as every name sent as JSON (docs/security.md "Bidirectional controls in names").
      const nome = stripBidiControls(get('nome')).normalize('NFC');
      if (!nome) problems.push(t(lang, 'csvName'));
      else if (nome.length > 120) problems.push(t(lang, 'csvNameLength'));
      const descricao = get('descricao');
      if (descricao.length > 2000) problems.push(t(lang, 'csvDescriptionLength'));
      const when = instantOf(get('data'), get('hora'), timeZone);
      if (Array.isArray(when)) for (const key of when) problems.push(t(lang, key));
      const tipo = plain(get('tipo'));
      const type = tipo ? TYPES[tipo] : undefined;
      if (tipo && !type) problems.push(t(lang, 'csvType'));
      const latencia = plain(get('latencia'));
      const latency = latencia ? LATENCY[latencia.replace(/\s+/g, ' ')] : undefined;
      if (latencia && !latency) problems.push(t(lang, 'csvLatency'));
      if (problems.length === 0 && when instanceof Date)
        rows.push({ line, nome, descricao: descricao || null, scheduledStartTime: when, type, latency });
    }
    for (const message of problems) errors.push({ line, message });
  }
  return errors.length > 0 ? fail('csvRows', errors) : { ok: true, rows };
}

export function validTimeZone(zone: string): boolean {
  try {
    Temporal.Now.instant().toZonedDateTimeISO(zone);
    return true;
  } catch {
    return false;
  }
}

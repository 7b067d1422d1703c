import { setImmediate as nextTurn } from 'node:timers/promises';
import { CsvError, type Options, parse } from 'csv-parse';
import { parse as parseNow } from 'csv-parse/sync';
import { SLICE_STEPS } from '../../lib/scan.ts';

/** One CSV record and the line of the file it starts on (1 = the first line). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** `unclosed`: a quote opened and never closed; `misplaced`: text after a closing quote (`"a"b`). */
export type CsvParse =
  | { ok: true; records: CsvRecord[] }
  | { ok: false; line: number; problem: 'unclosed' | 'misplaced' };

/**
 * RFC 4180 CSV read by csv-parse (a linear, streaming parser): a BOM is dropped; records end at CRLF,
 * LF or CR; fields may be quoted, and a quoted field may hold the delimiter, line breaks and doubled
 * quotes; white space around a quoted field is dropped. The delimiter is `,`, or `;` when the first line
 * has semicolons and no commas (spreadsheets in Portuguese save CSV that way). Blank lines are skipped.
 * A quote problem fails with the line its record starts on.
 */
function reader(input: string) {
  const bytes = Buffer.from(input);
  const records: CsvRecord[] = [];
  // Lines are counted here, from where each record starts in the bytes: csv-parse's own count takes a
  // CRLF inside quotes for two lines. `counted` bytes hold `breaks` line ends (CRLF, LF or CR).
  let counted = 0;
  let breaks = 0;
  // Where the last record ended (after its line end): the next starts at the first character after it
  // that is not a line end or white space (blank and white-space-only lines are skipped).
  let ended = 0;
  const countTo = (end: number) => {
    for (; counted < end; counted++) {
      const c = bytes[counted];
      if (c === LF || (c === CR && bytes[counted + 1] !== LF)) breaks++;
    }
  };
  const blank = (c: number | undefined) => c === LF || c === CR || c === 32 || c === 9;
  const nextRecordLine = () => {
    let at = ended;
    while (at < bytes.length && blank(bytes[at])) at++;
    countTo(at);
    return breaks + 1;
  };
  const options: Options = {
    delimiter: firstLineDelimiter(bytes),
    record_delimiter: ['\r\n', '\n', '\r'],
    bom: true,
    ltrim: true,
    rtrim: true,
    skip_empty_lines: true,
    relax_column_count: true,
    // Every record is taken here, with its line, and none is kept by the parser.
    on_record: (fields: string[], info) => {
      records.push({ line: nextRecordLine(), fields });
      ended = info.bytes;
      return null;
    },
  };
  const failed = (error: unknown): CsvParse => {
    if (!(error instanceof CsvError)) throw error;
    const problem = error.code === 'CSV_QUOTE_NOT_CLOSED' ? 'unclosed' : 'misplaced';
    return { ok: false, line: nextRecordLine(), problem };
  };
  return { bytes, records, options, failed };
}

const LF = 10;
const CR = 13;

/** `;` when the first line has semicolons and no commas, else `,`. */
function firstLineDelimiter(bytes: Buffer): string {
  let semicolon = false;
  for (const c of bytes) {
    if (c === LF || c === CR) break;
    if (c === 44) return ',';
    if (c === 59) semicolon = true;
  }
  return semicolon ? ';' : ',';
}

/** The whole text at once (small trusted text, unit tests). */
export function parseCsv(input: string): CsvParse {
  const { bytes, records, options, failed } = reader(input);
  try {
    parseNow(bytes, options);
  } catch (error) {
    return failed(error);
  }
  return { ok: true, records };
}

/** The text fed to the parser in slices, a turn of the event loop between them (request handlers): a
 * megabyte of CSV never holds the loop, so the health check and other clients keep being answered. */
export async function parseCsvSliced(input: string): Promise<CsvParse> {
  const { bytes, records, options, failed } = reader(input);
  const parser = parse(options);
  const done = new Promise<CsvParse>((resolve) => {
    parser.on('error', (error) => resolve(failed(error)));
    parser.on('end', () => resolve({ ok: true, records }));
  });
  parser.resume();
  for (let at = 0; at < bytes.length && !parser.destroyed; at += SLICE_STEPS) {
    parser.write(bytes.subarray(at, at + SLICE_STEPS));
    await nextTurn();
  }
  parser.end();
  return done;
}

import { Budget, isSpace, type Meter, runNow, runSliced, type Scan } from '../../lib/scan.ts';

/** One CSV record and the line of the file it starts on (1 = the first line). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export type CsvParse = { ok: true; records: CsvRecord[] } | { ok: false; line: number };

const LF = 10;
const CR = 13;
const QUOTE = 34;

/**
 * RFC 4180 CSV: a BOM is dropped; records end at CRLF, LF or CR; fields may be quoted, and a quoted
 * field may hold the delimiter, line breaks and doubled quotes. The delimiter is `,`, or `;` when the
 * first line has semicolons and no commas (spreadsheets in Portuguese save CSV that way). Blank lines
 * are skipped. An unclosed quote fails with the line its record starts on.
 *
 * One pass, each character visited once: a field is copied in runs between special characters, and
 * whether it is blank so far (white space before an opening quote is dropped) is a flag, not a
 * `trim()` of everything read (which made a long field of quotes quadratic).
 */
function* scanCsv(input: string, budget: Budget): Scan<CsvParse> {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const n = text.length;
  let semicolon = false;
  let comma = false;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || c === CR) break;
    if (c === 59) semicolon = true;
    else if (c === 44) comma = true;
  }
  budget.tick(n);
  const delimiter = semicolon && !comma ? 59 : 44;

  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  // Whether `field` holds anything but white space.
  let solid = false;
  // Start of the characters read but not yet copied into `field`.
  let run = 0;
  let quoted = false;
  let line = 1;
  let recordLine = 1;

  const take = (to: number) => {
    if (to > run) {
      field += text.slice(run, to);
      budget.tick(to - run);
    }
  };
  const endField = () => {
    fields.push(field);
    field = '';
    solid = false;
  };
  const endRecord = () => {
    const blank = fields.length === 0 && !solid;
    endField();
    if (!blank) records.push({ line: recordLine, fields });
    fields = [];
  };

  for (let i = 0; i < n; i++) {
    budget.tick();
    if (budget.due()) yield;
    const c = text.charCodeAt(i);
    if (quoted) {
      if (c === QUOTE) {
        if (text.charCodeAt(i + 1) === QUOTE) {
          take(i + 1);
          solid = true;
          i++;
        } else {
          take(i);
          quoted = false;
        }
        run = i + 1;
      } else {
        if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) line++;
        if (!solid && !isSpace(c)) solid = true;
      }
      continue;
    }
    if (c === QUOTE && !solid) {
      field = '';
      quoted = true;
      run = i + 1;
    } else if (c === delimiter) {
      take(i);
      endField();
      run = i + 1;
    } else if (c === CR || c === LF) {
      take(i);
      if (c === CR && text.charCodeAt(i + 1) === LF) i++;
      endRecord();
      line++;
      recordLine = line;
      run = i + 1;
    } else if (!solid && !isSpace(c)) {
      solid = true;
    }
  }
  if (quoted) return { ok: false, line: recordLine };
  take(n);
  if (field !== '' || fields.length > 0) endRecord();
  return { ok: true, records };
}

export function parseCsv(input: string, meter?: Meter): CsvParse {
  return runNow(scanCsv(input, new Budget(meter)));
}

/** parseCsv, letting the event loop turn between slices of the work (request handlers). */
export function parseCsvSliced(input: string): Promise<CsvParse> {
  return runSliced(scanCsv(input, new Budget()));
}

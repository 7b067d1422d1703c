/** One CSV record and the line of the file it starts on (1 = the first line). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export type CsvParse = { ok: true; records: CsvRecord[] } | { ok: false; line: number };

/**
 * RFC 4180 CSV: a BOM is dropped; records end at CRLF, LF or CR; fields may be quoted, and a quoted
 * field may hold the delimiter, line breaks and doubled quotes. The delimiter is `,`, or `;` when the
 * first line has semicolons and no commas (spreadsheets in Portuguese save CSV that way). Blank lines
 * are skipped. An unclosed quote fails with the line its record starts on.
 */
export function parseCsv(input: string): CsvParse {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const firstLine = text.split(/\r\n|\r|\n/, 1)[0] ?? '';
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';

  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let i = 0;

  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0]!.trim() === '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };

  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++;
        field += c;
      }
      i++;
      continue;
    }
    if (c === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (c === delimiter) {
      fields.push(field);
      field = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += c;
    }
    i++;
  }
  if (quoted) return { ok: false, line: recordLine };
  if (field !== '' || fields.length > 0) endRecord();
  return { ok: true, records };
}

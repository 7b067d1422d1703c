import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSpace } from '../src/lib/scan.ts';
import { type Cue, parseSrt, parseSubtitles, parseVtt, SubtitleFormatError } from '../src/media/subtitles.ts';
import { parseCsv } from '../src/routes/streams/csv-records.ts';
import { RGBA } from '../src/routes/streams/validate.ts';
import {
  LEGACY_RGBA,
  LegacySubtitleError,
  legacyParseSrt,
  legacyParseSubtitles,
  legacyParseVtt,
} from './parsers-legacy.ts';

// The linear scanners must read every file exactly as the former parsers did: compared with them
// (parsers-legacy.ts) on many small generated files, valid and broken.

type Outcome = { cues: Cue[] } | 'refused' | 'not utf-8';

function outcome(parse: () => Cue[]): Outcome {
  try {
    return { cues: parse() };
  } catch (error) {
    if (error instanceof SubtitleFormatError || error instanceof LegacySubtitleError) return 'refused';
    if (error instanceof TypeError) return 'not utf-8';
    throw error;
  }
}

const pick = <T>(...values: T[]) => fc.constantFrom(...values);
/** Mostly the usual, sometimes the odd: most generated files parse, and many fail late. */
const often = <T>(usual: fc.Arbitrary<T>, odd: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: usual, weight: 12 }, { arbitrary: odd, weight: 1 });

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
function stamp(ms: number, srt: boolean, hours: boolean): string {
  const h = Math.floor(ms / 3_600_000);
  const rest = `${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}`;
  return `${srt || hours || h > 0 ? `${pad(h)}:` : ''}${rest}${srt ? ',' : '.'}${pad(ms % 1000, 3)}`;
}
const badTime = pick('', '00:1.000', '60:00.000', '1000:00:00.000', '00:00:01.00', '00:01,000', 'x');
const times = (srt: boolean) =>
  fc
    .tuple(fc.nat(7_200_000), fc.integer({ min: -1000, max: 100_000 }), fc.boolean())
    .chain(([start, length, hours]) =>
      fc.tuple(
        often(fc.constant(stamp(start, srt, hours)), badTime),
        often(fc.constant(stamp(Math.max(0, start + length), srt, hours)), badTime),
      ),
    );
const gap = often(pick(' ', '  ', '\t', ' \t'), pick('', '\u00a0', '\u3000', '\f'));
const arrow = often(fc.constant('-->'), pick('->', '-->-->', '--> -->', '- ->'));
const settings = often(
  pick('', '', ' align:start', '  line:0\tsize:50%', ' x-->y', '\u00a0pos'),
  pick(' x --> y', ' ', ' a\u00a0-->\u00a0b', '\t'),
);
const timingLine = (srt: boolean) =>
  fc
    .tuple(often(fc.constant(''), pick(' ', '\t')), times(srt), gap, arrow, gap, settings)
    .map(([lead, [start, end], g1, a, g2, rest]) => `${lead}${start}${g1}${a}${g2}${end}${rest}`);
const textLine = often(
  pick('Olá', '<b>x</b>', 'Segunda linha'),
  pick(' ', 'NOTE x', '-->', '1', 'a --> b', '\u2028'),
);
const lineBreak = pick('\n', '\r\n', '\r');
const cueId = often(
  pick('', '', '1', '42', 'id'),
  pick('12 ', ' ', 'NOTE', 'STYLE', 'REGION x', 'NOTE\tx', 'NOTES'),
);
const cueBlock = (srt: boolean) =>
  fc
    .tuple(cueId, timingLine(srt), lineBreak, fc.array(textLine, { maxLength: 3 }))
    .map(([id, timing, br, text]) => [...(id ? [id] : []), timing, ...text].join(br));
const blankLines = often(pick('\n\n', '\r\n\r\n', '\n\n\n', '\r\r'), pick('\n \n', '\n', '\r\n\n'));
const header = often(
  pick('WEBVTT', 'WEBVTT - título', 'WEBVTT\tx'),
  pick('WEBVTTx', '', 'WEBVTT \u2028', 'x'),
);
const subtitleFile = fc.boolean().chain((srt) =>
  fc
    .tuple(
      often(fc.constant(''), pick('\n', '\n\n', '\r\n', '\ufeff')),
      srt ? fc.constant('') : header,
      fc.array(fc.tuple(blankLines, cueBlock(srt)), { minLength: 1, maxLength: 4 }),
      often(pick('', '\n', '\r\n'), pick('\n\n', '\n \n')),
    )
    .map(([lead, head, blocks, end]) => {
      const [first, ...rest] = blocks.map(([gap, block]) => gap + block);
      return lead + (srt ? first!.replace(/^[\r\n]+/, '') : head + first) + rest.join('') + end;
    }),
);
const subtitleSoup = fc
  .array(
    pick(
      'WEBVTT',
      '\ufeff',
      ' ',
      '\t',
      '\n',
      '\r',
      '\r\n',
      '-->',
      '00:01.000',
      '00:00:01,000',
      '1',
      'x',
      '\u00a0',
    ),
    { maxLength: 40 },
  )
  .map((tokens) => tokens.join(''));

describe('subtitle scanner', () => {
  it('reads generated WebVTT and SRT files exactly as the former parser did', () => {
    fc.assert(
      fc.property(fc.oneof(subtitleFile, subtitleSoup), (file) => {
        expect(outcome(() => parseVtt(file))).toEqual(outcome(() => legacyParseVtt(file)));
        expect(outcome(() => parseSrt(file))).toEqual(outcome(() => legacyParseSrt(file)));
        const bytes = Buffer.from(file);
        expect(outcome(() => parseSubtitles(bytes))).toEqual(outcome(() => legacyParseSubtitles(bytes)));
      }),
      { numRuns: 3000 },
    );
  });

  it('still refuses invalid UTF-8 and NUL bytes', () => {
    expect(outcome(() => parseSubtitles(Buffer.from([0xff, 0xfe, 0x00])))).toBe('not utf-8');
    expect(outcome(() => parseSubtitles(Buffer.from('1\n00:00:01,000 --> 00:00:02,000\na\0b')))).toBe(
      'refused',
    );
  });

  it('keeps the details the generators rarely hit', () => {
    // One leading line break keeps an empty first line (so SRT fails); two make a blank line.
    expect(outcome(() => parseSrt('\n1\n00:00:01,000 --> 00:00:02,000\nx'))).toBe('refused');
    expect(parseSrt('\n\n1\n00:00:01,000 --> 00:00:02,000\nx')).toHaveLength(1);
    // Settings split at spaces and tabs only, joined by one space.
    expect(parseVtt('WEBVTT\n\n00:01.000 -->\t00:02.000 \t a:1  b\u00a0c \n')[0]!.settings).toBe(
      'a:1 b\u00a0c',
    );
    // A second arrow between white space makes the line a bad timing.
    expect(outcome(() => parseVtt('WEBVTT\n\n00:01.000 --> 00:02.000 x\u3000-->\u3000y\n'))).toBe('refused');
    expect(parseVtt('WEBVTT\n\n00:01.000 --> 00:02.000 x-->y\n')[0]!.settings).toBe('x-->y');
  });
});

describe('white space', () => {
  it('is what \\s and trim() count as white space, for every UTF-16 code unit', () => {
    for (let code = 0; code <= 0xffff; code++) {
      const c = String.fromCharCode(code);
      expect(isSpace(code), code.toString(16)).toBe(/\s/.test(c));
      expect(isSpace(code), code.toString(16)).toBe(c.trim() === '');
    }
  });
});

describe('CSV reader (csv-parse)', () => {
  // Records as a spreadsheet writes them (every field quoted, quotes doubled), records joined by any
  // of the three line ends: read back field for field, each with the line it starts on.
  const field = fc
    .array(pick('"', '""', ',', ';', ' ', '\t', '\r', '\n', '\r\n', 'a', 'bc', '\u00a0', '\u2028'), {
      maxLength: 8,
    })
    .map((tokens) => tokens.join(''));
  const record = fc.array(field, { minLength: 2, maxLength: 4 });
  const quote = (f: string) => `"${f.replaceAll('"', '""')}"`;
  const breaks = (f: string) => f.split(/\r\n|\r|\n/).length - 1;

  it('reads back what a spreadsheet writes, with the line each record starts on', () => {
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 6 }), pick('\n', '\r\n', '\r'), (rows, end) => {
        // A plain header first: the delimiter is read from the first line as it stands.
        const text = ['nome,data', ...rows.map((r) => r.map(quote).join(','))].join(end);
        let line = 2;
        const expected = rows.map((fields) => {
          const at = line;
          line += 1 + fields.reduce((n, f) => n + breaks(f), 0);
          return { line: at, fields };
        });
        expect(parseCsv(text)).toEqual({
          ok: true,
          records: [{ line: 1, fields: ['nome', 'data'] }, ...expected],
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('drops white space around quotes, skips blank lines, and reports the line a bad record starts on', () => {
    expect(parseCsv('a,b\n  "x, y" , z \n\n\nc;d,e')).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['a', 'b'] },
        { line: 2, fields: ['x, y', 'z'] },
        { line: 5, fields: ['c;d', 'e'] },
      ],
    });
    expect(parseCsv('a\n"1\r\n2"\n\n"3\r4\n')).toEqual({ ok: false, line: 5, problem: 'unclosed' });
    expect(parseCsv('a,b\n1,2\n"3" 4,5\n')).toEqual({ ok: false, line: 3, problem: 'misplaced' });
  });
});

describe('colour pattern', () => {
  it('accepts what the former one did, capturing the same parts', () => {
    const ws = often(pick('', ' ', '  '), pick('\t', 'x'));
    const channel = often(pick('0', '25', '255', '999'), pick('', '1234', '-1', '1.5'));
    const alpha = often(pick('1', '0.5', '.75', '10.25', '0'), pick('', '.', '5.', '1..2', '1.2.3', 'a'));
    const comma = often(pick(','), pick('', ';'));
    const colour = fc
      .tuple(
        fc.tuple(pick('rgb(', 'rgba(', 'RGBA(', 'rgb'), ws, channel, ws, comma, ws, channel, ws, comma),
        fc.tuple(
          ws,
          channel,
          ws,
          fc.option(fc.tuple(comma, ws, alpha, ws)),
          often(pick(')'), pick('', '))')),
        ),
      )
      .map(
        ([head, [w1, c, w2, tail, close]]) => head.join('') + w1 + c + w2 + (tail?.join('') ?? '') + close,
      );
    const matched = { count: 0 };
    fc.assert(
      fc.property(colour, (text) => {
        expect(RGBA.exec(text)?.slice(1)).toEqual(LEGACY_RGBA.exec(text)?.slice(1));
        if (RGBA.test(text)) matched.count++;
      }),
      { numRuns: 5000 },
    );
    expect(matched.count).toBeGreaterThan(500);
    expect(RGBA.exec('rgba(1, 2, 3, .5)')?.[4]).toBe('.5');
    expect(RGBA.exec('rgba(1, 2, 3, 5.)')).toBeNull();
  });
});

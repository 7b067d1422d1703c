import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Meter } from '../src/lib/scan.ts';
import { parseSrt, parseSubtitles, parseVtt, SubtitleFormatError } from '../src/media/subtitles.ts';
import { parseCsv } from '../src/routes/streams/csv-records.ts';

// Megabytes of crafted input: the work of each parser, counted in steps (about one per character
// visited or copied), stays within a small multiple of the input size. Nothing here is timed.
// The former parsers were quadratic on exactly these shapes: a run of white space not followed by
// an arrow (regex backtracking), a long field followed by quotes (a trim() of the field per quote).

/** Steps per character of input the parsers may spend at most. */
const K = 10;
const MB = 1024 * 1024;

const pick = <T>(...values: T[]) => fc.constantFrom(...values);
const size = fc.integer({ min: MB, max: 5 * MB });

/** `prefix`, then `unit` repeated to about `size` characters, then `suffix`. */
function adversarial(prefixes: string[], units: string[], suffixes: string[]) {
  return fc
    .tuple(pick(...prefixes), pick(...units), size, pick(...suffixes))
    .map(([prefix, unit, n, suffix]) => prefix + unit.repeat(Math.ceil(n / unit.length)) + suffix);
}

function stepsOf(parse: (meter: Meter) => unknown): number {
  const meter = { steps: 0 };
  try {
    parse(meter);
  } catch (error) {
    if (!(error instanceof SubtitleFormatError)) throw error;
  }
  return meter.steps;
}

const runs = { numRuns: 12 };
const spaceRun = (n: number) => `${' '.repeat(n)}x`;

describe('subtitle parser on megabytes of crafted input', () => {
  const subtitles = adversarial(
    [
      '',
      'WEBVTT\n\n',
      'WEBVTT\n\n00:01.000',
      '1\n00:00:01,000',
      '1\n00:00:01,000 --> 00:00:02,000',
      '\ufeff',
    ],
    [
      ' ',
      '\t',
      '\u00a0',
      ' -->',
      '-->',
      ' --> ',
      '\n',
      '\r',
      '\r\n',
      '\n\r\n',
      '00:01.000 ',
      `00:00:01,000 --> 00:00:02,000${spaceRun(4096)}\nOlá\n\n`,
      `WEBVTT\n\n00:01.000 --> 00:02.000${spaceRun(4096)}\n\n`,
      `00:01.000${spaceRun(4096)} --> 00:02.000\n\n`,
      `1\n${spaceRun(4096)}\n`,
      'NOTE ',
    ],
    ['', 'x', ' -->', '\n\nx', '\n'],
  );

  it('parses WebVTT and SRT in at most K steps per character', () => {
    fc.assert(
      fc.property(subtitles, (text) => {
        expect(stepsOf((meter) => parseVtt(text, meter))).toBeLessThanOrEqual(K * text.length);
        expect(stepsOf((meter) => parseSrt(text, meter))).toBeLessThanOrEqual(K * text.length);
      }),
      runs,
    );
  });

  it('parses uploaded bytes in at most K steps per byte', () => {
    fc.assert(
      fc.property(subtitles, (text) => {
        const bytes = Buffer.from(text);
        expect(stepsOf((meter) => parseSubtitles(bytes, meter))).toBeLessThanOrEqual(K * bytes.length);
      }),
      runs,
    );
  });
});

describe('CSV reader on megabytes of crafted input', () => {
  const csv = adversarial(
    ['', 'nome,data,hora\n', 'x', `${' '.repeat(4096)}x`, '"', 'a;b\n', '\ufeff'],
    [
      '"',
      '""',
      ',,,',
      ';;;',
      ' ',
      '\t',
      ' "',
      '"\n',
      '\r\n',
      '\r',
      '\n',
      `${spaceRun(4096)}${'"'.repeat(4096)}`,
      `"${' '.repeat(4096)}"`,
      `a,"b""c"${' '.repeat(64)}\r\n`,
    ],
    ['', '"', '\n', ','],
  );

  // csv-parse reads each character once (a state machine over the bytes, no backtracking): nothing of
  // ours to count steps in. Each crafted megabyte must come back as records or a located error; a
  // parser quadratic on one of these runs would not finish (server/test/parsers-health.test.ts sends
  // the largest of them through the route, whose answer it waits for).
  it('reads each crafted text to records or a located quote problem', () => {
    fc.assert(
      fc.property(csv, (text) => {
        const parsed = parseCsv(text);
        if (!parsed.ok) expect(parsed.line).toBeGreaterThanOrEqual(1);
        else for (const r of parsed.records) expect(r.line).toBeGreaterThanOrEqual(1);
      }),
      runs,
    );
  });
});

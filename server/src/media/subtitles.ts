import { Budget, isSpace, type Meter, runNow, runSliced, type Scan } from '../lib/scan.ts';

/** Largest subtitle file accepted. */
export const MAX_SUBTITLE_BYTES = 2 * 1024 * 1024;

/** SPEC §3 "Subtitle cue": start and end in seconds, and the text. */
export interface Cue {
  id: string | null;
  inicio: number;
  fim: number;
  texto: string;
  settings: string;
}

export class SubtitleFormatError extends Error {}

const VTT_TIME = /^(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;
const SRT_TIME = /^(\d{1,3}):([0-5]\d):([0-5]\d)[,.](\d{3})$/;
/** The longest text either time pattern accepts (`999:59:59.999`). */
const TIME_MAX = 13;
const TAB = 9;
const LF = 10;
const CR = 13;
const SPACE = 32;

function fail(reason: string): never {
  throw new SubtitleFormatError(reason);
}

/** A line for an error message: the start is enough, megabytes of it are not. */
const excerpt = (line: string) => (line.length > 80 ? `${line.slice(0, 80)}…` : line);

function time(line: string, from: number, to: number, pattern: RegExp): number | null {
  if (to - from > TIME_MAX) return null;
  const match = pattern.exec(line.slice(from, to));
  if (!match) return null;
  const [, h, m, s, ms] = match;
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;
}

/**
 * `start --> end [settings]`, with white space around the arrow, exactly what splitting the trimmed
 * line at `/\s+-->\s+/` into two parts accepted, in passes that each move forward only (the regex
 * backtracked over every run of white space not followed by an arrow: quadratic in the run).
 */
function timing(line: string, pattern: RegExp, budget: Budget) {
  const at = (i: number) => line.charCodeAt(i);
  let a = 0;
  let b = line.length;
  while (a < b && isSpace(at(a))) a++;
  while (b > a && isSpace(at(b - 1))) b--;
  let i = a;
  while (i < b && !isSpace(at(i))) i++;
  let j = i;
  while (j < b && isSpace(at(j))) j++;
  // Trimming from both ends, the start time and the white space after it: twice the line at most.
  budget.tick(2 * line.length);
  if (i === b || !line.startsWith('-->', j)) return null;
  let m = j + 3;
  while (m < b && isSpace(at(m))) m++;
  if (m === j + 3) return null;
  // What is left is walked twice: the arrow check, then the end time and the settings.
  budget.tick(2 * (b - m));
  // A second arrow between white space would have made a third part.
  for (let q = m + 2; q + 3 < b; q++) {
    if (at(q) === 45 && isSpace(at(q - 1)) && isSpace(at(q + 3)) && line.startsWith('-->', q)) return null;
  }
  let e = m;
  while (e < b && at(e) !== SPACE && at(e) !== TAB) e++;
  const inicio = time(line, a, i, pattern);
  const fim = time(line, m, e, pattern);
  if (inicio === null || fim === null || fim <= inicio) return null;
  const settings: string[] = [];
  for (let p = e; p < b; ) {
    while (p < b && (at(p) === SPACE || at(p) === TAB)) p++;
    const s = p;
    while (p < b && at(p) !== SPACE && at(p) !== TAB) p++;
    if (p > s) settings.push(line.slice(s, p));
  }
  return { inicio, fim, settings: settings.join(' ') };
}

/**
 * The lines (ended by CRLF, CR or LF) grouped into blocks at empty lines; blocks of white space only
 * are dropped. As the former split at `\n{2,}` did, a file opening with exactly one line break keeps
 * that empty line at the head of its first block.
 */
function* blocks(input: string, budget: Budget): Scan<string[][]> {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const all: string[][] = [];
  let block: string[] = [];
  let solid = false;
  let start = 0;
  let count = 0;
  let leadingBlank = false;
  for (let i = 0; i <= text.length; i++) {
    budget.tick();
    const c = i < text.length ? text.charCodeAt(i) : LF;
    if (c !== LF && c !== CR) {
      if (!solid && !isSpace(c)) solid = true;
      continue;
    }
    if (i > start) {
      if (count === 1 && leadingBlank) block.push('');
      block.push(text.slice(start, i));
    } else if (count === 0) {
      leadingBlank = true;
    } else if (block.length > 0) {
      if (solid) all.push(block);
      block = [];
      solid = false;
    }
    count++;
    if (c === CR && text.charCodeAt(i + 1) === LF) i++;
    start = i + 1;
    if (budget.due()) yield;
  }
  if (solid) all.push(block);
  return all;
}

function joinLines(lines: string[], from: number, budget: Budget): string {
  const text = lines.slice(from).join('\n');
  budget.tick(text.length);
  return text;
}

/** `WEBVTT`, alone or followed by a space or tab and any text (what `/^WEBVTT(?:[ \t].*)?$/` accepted). */
function isHeader(line: string, budget: Budget): boolean {
  if (!line.startsWith('WEBVTT')) return false;
  if (line.length === 6) return true;
  if (line.charCodeAt(6) !== SPACE && line.charCodeAt(6) !== TAB) return false;
  budget.tick(line.length);
  for (let i = 7; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === LF || c === CR || c === 0x2028 || c === 0x2029) return false;
  }
  return true;
}

function* vtt(text: string, budget: Budget): Scan<Cue[]> {
  const all = yield* blocks(text, budget);
  if (!isHeader(all[0]?.[0] ?? '', budget)) fail('missing WEBVTT header');
  const cues: Cue[] = [];
  for (const lines of all.slice(1)) {
    if (budget.due()) yield;
    const first = lines[0] ?? '';
    if (/^(NOTE|STYLE|REGION)(\s|$)/.test(first.slice(0, 7))) continue;
    budget.tick(first.length);
    const timingAt = first.includes('-->') ? 0 : 1;
    const time = timing(lines[timingAt] ?? '', VTT_TIME, budget);
    if (!time) fail(`bad cue timing: ${excerpt(lines[timingAt] ?? '')}`);
    cues.push({ id: timingAt === 1 ? first : null, ...time, texto: joinLines(lines, timingAt + 1, budget) });
  }
  if (cues.length === 0) fail('no cues');
  return cues;
}

/** Digits only once trimmed (what `/^\d+$/.test(line.trim())` accepted). */
function isNumber(line: string, budget: Budget): boolean {
  budget.tick(line.length);
  let a = 0;
  let b = line.length;
  while (a < b && isSpace(line.charCodeAt(a))) a++;
  while (b > a && isSpace(line.charCodeAt(b - 1))) b--;
  for (let i = a; i < b; i++) {
    const c = line.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return b > a;
}

function* srt(text: string, budget: Budget): Scan<Cue[]> {
  const cues: Cue[] = [];
  for (const lines of yield* blocks(text, budget)) {
    if (budget.due()) yield;
    const timingAt = isNumber(lines[0] ?? '', budget) ? 1 : 0;
    const time = timing(lines[timingAt] ?? '', SRT_TIME, budget);
    if (!time) fail(`bad SRT block: ${excerpt(lines.slice(0, 2).join(' / '))}`);
    cues.push({ id: null, ...time, settings: '', texto: joinLines(lines, timingAt + 1, budget) });
  }
  if (cues.length === 0) fail('no cues');
  return cues;
}

function* subtitles(bytes: Buffer, budget: Budget): Scan<Cue[]> {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  budget.tick(2 * text.length);
  if (text.includes('\0')) fail('binary data');
  return yield* /^\uFEFF?WEBVTT/.test(text) ? vtt(text, budget) : srt(text, budget);
}

/** WebVTT or SRT (told apart by the WEBVTT header); anything else throws SubtitleFormatError. */
export function parseSubtitles(bytes: Buffer, meter?: Meter): Cue[] {
  return runNow(subtitles(bytes, new Budget(meter)));
}

/** parseSubtitles, letting the event loop turn between slices of the work (request handlers). */
export function parseSubtitlesSliced(bytes: Buffer): Promise<Cue[]> {
  return runSliced(subtitles(bytes, new Budget()));
}

export function parseVtt(text: string, meter?: Meter): Cue[] {
  return runNow(vtt(text, new Budget(meter)));
}

export function parseVttSliced(text: string): Promise<Cue[]> {
  return runSliced(vtt(text, new Budget()));
}

export function parseSrt(text: string, meter?: Meter): Cue[] {
  return runNow(srt(text, new Budget(meter)));
}

function stamp(total: number): string {
  const ms = Math.round(total * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** A clean WebVTT file from parsed cues (the stored form of both formats). */
export function toVtt(cues: Cue[]): string {
  const body = cues.map((c) => {
    const time = `${stamp(c.inicio)} --> ${stamp(c.fim)}${c.settings ? ` ${c.settings}` : ''}`;
    return [c.id, time, c.texto].filter((part) => part !== null && part !== '').join('\n');
  });
  return `WEBVTT\n\n${body.join('\n\n')}\n`;
}

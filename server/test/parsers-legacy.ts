/**
 * The subtitle and CSV parsers as they were before they were made linear (docs/security.md "Parsers of client
 * text are linear and never hold the event loop"): correct, but quadratic on crafted input
 * (a regex backtracking over white space, a `trim()` of the whole field per quote). Kept only as the
 * oracle the differential tests in parsers.test.ts compare the linear scanners with, on small inputs.
 */

import type { Cue } from '../src/media/subtitles.ts';

export class LegacySubtitleError extends Error {}

const VTT_TIME = /^(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;
const SRT_TIME = /^(\d{1,3}):([0-5]\d):([0-5]\d)[,.](\d{3})$/;

function seconds(match: RegExpExecArray): number {
  const [, h, m, s, ms] = match;
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;
}

function timing(line: string, pattern: RegExp): { inicio: number; fim: number; settings: string } | null {
  const parts = line.trim().split(/\s+-->\s+/);
  if (parts.length !== 2) return null;
  const [startText, rest] = parts as [string, string];
  const [endText, ...settings] = rest.split(/[ \t]+/);
  const start = pattern.exec(startText);
  const end = pattern.exec(endText ?? '');
  if (!start || !end) return null;
  const inicio = seconds(start);
  const fim = seconds(end);
  if (fim <= inicio) return null;
  return { inicio, fim, settings: settings.join(' ') };
}

function blocks(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((block) => block.split('\n').filter((line, i, all) => i < all.length - 1 || line !== ''))
    .filter((lines) => lines.length > 0 && lines.some((l) => l.trim() !== ''));
}

function fail(reason: string): never {
  throw new LegacySubtitleError(reason);
}

export function legacyParseVtt(text: string): Cue[] {
  const all = blocks(text);
  const header = all.shift();
  if (!header || !/^WEBVTT(?:[ \t].*)?$/.test(header[0] ?? '')) fail('missing WEBVTT header');
  const cues: Cue[] = [];
  for (const lines of all) {
    if (/^(NOTE|STYLE|REGION)(\s|$)/.test(lines[0] ?? '')) continue;
    const timingAt = lines[0]?.includes('-->') ? 0 : 1;
    const time = timing(lines[timingAt] ?? '', VTT_TIME);
    if (!time) fail(`bad cue timing: ${lines[timingAt] ?? ''}`);
    cues.push({
      id: timingAt === 1 ? (lines[0] ?? null) : null,
      ...time,
      texto: lines.slice(timingAt + 1).join('\n'),
    });
  }
  if (cues.length === 0) fail('no cues');
  return cues;
}

export function legacyParseSrt(text: string): Cue[] {
  const cues: Cue[] = [];
  for (const lines of blocks(text)) {
    const timingAt = /^\d+$/.test(lines[0]?.trim() ?? '') ? 1 : 0;
    const time = timing(lines[timingAt] ?? '', SRT_TIME);
    if (!time) fail(`bad SRT block: ${lines.slice(0, 2).join(' / ')}`);
    cues.push({ id: null, ...time, settings: '', texto: lines.slice(timingAt + 1).join('\n') });
  }
  if (cues.length === 0) fail('no cues');
  return cues;
}

export function legacyParseSubtitles(bytes: Buffer): Cue[] {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  if (text.includes('\0')) fail('binary data');
  return /^\uFEFF?WEBVTT/.test(text) ? legacyParseVtt(text) : legacyParseSrt(text);
}

/** The colour pattern of routes/streams/validate.ts before it was made linear (quadratic on a long alpha). */
export const LEGACY_RGBA =
  /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(\d*\.?\d+)\s*)?\)$/i;

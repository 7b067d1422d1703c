import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, delimiter, isAbsolute, join } from 'node:path';
import type { SubtitlesConfig } from '../config.ts';
import { run } from './ffmpeg-run.ts';
import type { Cue } from './subtitles.ts';

/**
 * Local speech recognition for automatic subtitles (docs/decisions.md "Automatic subtitles"):
 * - pocketsphinx (Debian `pocketsphinx` + `pocketsphinx-en-us`): US English, installed with the
 *   system packages, found by itself;
 * - whisper.cpp (the prebuilt addon `@fugood/node-whisper-linux-x64`) with a ggml model file the
 *   operator provides (`SUBTITLES_WHISPER_MODEL`): Portuguese, English and the other languages of a
 *   multilingual model. No model is shipped: none installs from the registries this project uses.
 */

export interface TranscribeOptions {
  /** Audio length in seconds (progress is measured against it). */
  duration: number;
  signal: AbortSignal;
  /** 0–1. */
  onProgress: (fraction: number) => void;
}

export interface SpeechEngine {
  readonly name: 'pocketsphinx' | 'whisper';
  /** Primary language subtags it recognises (`en`, `pt`). */
  readonly languages: readonly string[];
  /** A 16 kHz mono PCM WAV file into cues, in order. */
  transcribe(wavPath: string, language: string, options: TranscribeOptions): Promise<Cue[]>;
}

export class SpeechEngineError extends Error {}

/** `pt-BR` → `pt`. */
export const primaryLanguage = (tag: string) => (tag.split('-')[0] ?? tag).toLowerCase();

/** The engine for a language: whisper first (when configured), then pocketsphinx. */
export function engineFor(engines: readonly SpeechEngine[], language: string): SpeechEngine | undefined {
  const primary = primaryLanguage(language);
  return engines.find((e) => e.languages.includes(primary));
}

/** Every language some engine recognises, without repeats, in the engines' order. */
export function languagesOf(engines: readonly SpeechEngine[]): string[] {
  return [...new Set(engines.flatMap((e) => e.languages))];
}

// ---- cues from recognised words -------------------------------------------------------------

export interface TimedWord {
  text: string;
  start: number;
  end: number;
}

/** A cue ends at a pause, or when it would run longer than this or hold more text. */
const CUE_PAUSE_S = 0.7;
const CUE_MAX_S = 5;
const CUE_MAX_CHARS = 64;

/** Words into readable cues: broken at pauses, at most CUE_MAX_S seconds and CUE_MAX_CHARS long. */
export function wordsToCues(words: readonly TimedWord[]): Cue[] {
  const cues: Cue[] = [];
  let current: TimedWord[] = [];
  const flush = () => {
    const first = current[0];
    const last = current.at(-1);
    if (first && last) {
      cues.push({
        id: null,
        inicio: first.start,
        fim: Math.max(last.end, first.start + 0.5),
        texto: current.map((w) => w.text).join(' '),
        settings: '',
      });
    }
    current = [];
  };
  for (const word of words) {
    const first = current[0];
    const last = current.at(-1);
    if (first && last) {
      const length = current.reduce((n, w) => n + w.text.length + 1, 0) + word.text.length;
      if (
        word.start - last.end > CUE_PAUSE_S ||
        word.end - first.start > CUE_MAX_S ||
        length > CUE_MAX_CHARS
      ) {
        flush();
      }
    }
    current.push(word);
  }
  flush();
  // Cues never overlap: one ends where the next begins at the latest.
  for (let i = 0; i + 1 < cues.length; i++) {
    const cue = cues[i];
    const next = cues[i + 1];
    if (cue && next && cue.fim > next.inicio) cue.fim = Math.max(cue.inicio + 0.1, next.inicio);
  }
  return cues;
}

// ---- pocketsphinx ----------------------------------------------------------------------------

/** `word start end confidence`, as `pocketsphinx_continuous -time yes` prints each word. */
const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/;

/** The recognised words of pocketsphinx's output; silences, noises and sentence marks left out. */
export function parsePocketsphinx(output: string): TimedWord[] {
  const words: TimedWord[] = [];
  for (const line of output.split('\n')) {
    const match = WORD_LINE.exec(line.trim());
    if (!match) continue;
    const [, raw = '', start = '0', end = '0'] = match;
    if (raw.startsWith('<') || raw.startsWith('[') || raw.startsWith('+')) continue;
    // Alternative pronunciations are numbered: `arctic(2)`.
    words.push({ text: raw.replace(/\(\d+\)$/, ''), start: Number(start), end: Number(end) });
  }
  return words;
}

async function isExecutable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** A program name resolved through PATH (or an absolute path checked as it is). */
async function findProgram(program: string): Promise<string | null> {
  if (isAbsolute(program)) return (await isExecutable(program)) ? program : null;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && (await isExecutable(join(dir, program)))) return join(dir, program);
  }
  return null;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

class Pocketsphinx implements SpeechEngine {
  readonly name = 'pocketsphinx';
  readonly languages = ['en'] as const;

  constructor(
    private readonly program: string,
    private readonly modelDir: string,
  ) {}

  async transcribe(wavPath: string, _language: string, options: TranscribeOptions): Promise<Cue[]> {
    // The output is read as it comes (run() keeps only its tail): every word, in order.
    const words: TimedWord[] = [];
    let pending = '';
    const take = (text: string) => {
      const found = parsePocketsphinx(text);
      words.push(...found);
      const last = found.at(-1);
      // Each utterance is printed when it ends: its last word tells how far the audio is read.
      if (last && options.duration > 0) options.onProgress(Math.min(1, last.end / options.duration));
    };
    const result = await run(
      this.program,
      [
        '-infile',
        wavPath,
        '-hmm',
        join(this.modelDir, 'en-us'),
        '-lm',
        join(this.modelDir, 'en-us.lm.bin'),
        '-dict',
        join(this.modelDir, 'cmudict-en-us.dict'),
        '-time',
        'yes',
        '-logfn',
        '/dev/null',
      ],
      {
        signal: options.signal,
        onStdout: (chunk) => {
          const lines = (pending + chunk).split('\n');
          pending = lines.pop() ?? '';
          take(lines.join('\n'));
        },
      },
    );
    take(pending);
    if (result.code !== 0) {
      throw new SpeechEngineError(
        `pocketsphinx exited with ${result.code ?? result.signal}: ${result.stderr}`,
      );
    }
    return wordsToCues(words);
  }
}

// ---- whisper.cpp -----------------------------------------------------------------------------

/** The part of the addon's API used here (@fugood/node-whisper-*, whisper.rn's API). */
interface WhisperSegment {
  text: string;
  /** Centiseconds (whisper.cpp's unit). */
  t0: number;
  t1: number;
}
interface WhisperContext {
  transcribeFile(
    path: string,
    options: { language: string; maxThreads?: number; onProgress?: (percent: number) => void },
  ): { stop(): Promise<void>; promise: Promise<{ segments: WhisperSegment[]; isAborted: boolean }> };
  release(): Promise<void>;
}
interface WhisperModule {
  WhisperContext: new (options: { filePath: string; useGpu: boolean }) => WhisperContext;
}

/** Languages offered with a multilingual model (whisper knows more; these are the usual ones). */
export const WHISPER_LANGUAGES = [
  'pt',
  'en',
  'es',
  'fr',
  'de',
  'it',
  'nl',
  'pl',
  'ru',
  'uk',
  'tr',
  'ar',
  'hi',
  'ja',
  'ko',
  'zh',
  'ca',
  'sv',
  'id',
  'vi',
] as const;

function loadWhisperAddon(): WhisperModule | null {
  try {
    const require = createRequire(import.meta.url);
    return require(`@fugood/node-whisper-${process.platform}-${process.arch}`) as WhisperModule;
  } catch {
    return null;
  }
}

/** Whisper segments into cues (times in seconds, text trimmed, empty ones left out). */
export function whisperCues(segments: readonly WhisperSegment[]): Cue[] {
  return segments
    .map((s) => ({ id: null, inicio: s.t0 / 100, fim: s.t1 / 100, texto: s.text.trim(), settings: '' }))
    .filter((c) => c.texto !== '' && c.fim > c.inicio);
}

class Whisper implements SpeechEngine {
  readonly name = 'whisper';
  readonly languages: readonly string[];

  constructor(
    private readonly addon: WhisperModule,
    private readonly modelPath: string,
  ) {
    // ggml-base.en.bin, ggml-tiny.en-q5_1.bin: English-only models.
    this.languages = /\.en([.-]|$)/.test(basename(modelPath)) ? ['en'] : WHISPER_LANGUAGES;
  }

  async transcribe(wavPath: string, language: string, options: TranscribeOptions): Promise<Cue[]> {
    options.signal.throwIfAborted();
    let context: WhisperContext;
    try {
      context = new this.addon.WhisperContext({ filePath: this.modelPath, useGpu: false });
    } catch (error) {
      throw new SpeechEngineError(`whisper could not load ${this.modelPath}: ${String(error)}`);
    }
    try {
      const job = context.transcribeFile(wavPath, {
        language: primaryLanguage(language),
        maxThreads: 2,
        onProgress: (percent) => options.onProgress(Math.min(1, Math.max(0, percent / 100))),
      });
      const stop = () => void job.stop().catch(() => {});
      options.signal.addEventListener('abort', stop, { once: true });
      try {
        const result = await job.promise;
        options.signal.throwIfAborted();
        return whisperCues(result.segments);
      } finally {
        options.signal.removeEventListener('abort', stop);
      }
    } finally {
      await context.release().catch(() => {});
    }
  }
}

/** The engines this server can run, as configured and installed (whisper first). */
export async function detectSpeechEngines(config: SubtitlesConfig): Promise<SpeechEngine[]> {
  if (config.engine === 'off') return [];
  const engines: SpeechEngine[] = [];
  if ((config.engine === 'auto' || config.engine === 'whisper') && config.whisperModel) {
    const addon = loadWhisperAddon();
    if (addon && (await exists(config.whisperModel))) engines.push(new Whisper(addon, config.whisperModel));
  }
  if (config.engine === 'auto' || config.engine === 'pocketsphinx') {
    const program = await findProgram(config.pocketsphinxPath);
    const dir = config.pocketsphinxModelDir;
    const files = [join(dir, 'en-us', 'mdef'), join(dir, 'en-us.lm.bin'), join(dir, 'cmudict-en-us.dict')];
    if (program && (await Promise.all(files.map(exists))).every(Boolean)) {
      engines.push(new Pocketsphinx(program, dir));
    }
  }
  return engines;
}

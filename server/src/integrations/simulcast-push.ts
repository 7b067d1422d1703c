import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { redactText } from '../lib/log-redaction.ts';
import type { ProgramSink } from '../media/ingest.ts';

/*
 * One simulcast push: the program of a live (its first signal's publish, tapped from the RTMP ingest)
 * copied as it comes (`ffmpeg -c copy -f flv`, no re-encoding) to a provider's RTMP(S) ingestion URL.
 * A push that fails (the provider refuses, the connection drops, the target is too slow) is retried
 * with a doubling delay while the program runs; each change is reported so the console can show it.
 */

export type PushStatus = 'connecting' | 'pushing' | 'retrying' | 'stopped';

export interface PushReport {
  status: PushStatus;
  /** Attempts made so far (1 on the first). */
  attempt: number;
  /** Why the last attempt failed (ffmpeg's last words, the ingestion URL's key taken out). */
  error?: string;
  /** When retrying: in how long. */
  retryInMs?: number;
}

export interface PushOptions {
  ffmpegPath: string;
  /** The provider's ingestion URL with its stream key (a secret: never logged). */
  url: string;
  /** Attaches a sink to the program (Ingest.tapProgram bound to the stream); null when it is not running. */
  tap: (sink: ProgramSink) => (() => void) | null;
  log: FastifyBaseLogger;
  onReport: (report: PushReport) => void;
  /** The first retry delay, doubled after each failure up to `maxRetryMs`. */
  firstRetryMs?: number;
  maxRetryMs?: number;
}

/** Buffered program bytes a slow target may hold back before the attempt is given up. */
const MAX_BACKLOG_BYTES = 32 * 1024 * 1024;
/** Media time a push must carry before its retry delay starts over (microseconds, as ffmpeg counts). */
const STEADY_US = 5_000_000;
/** How long ffmpeg gets to flush and close the connection after the program ends. */
const STOP_GRACE_MS = 10_000;

type Child = ChildProcessByStdio<Writable, Readable, Readable>;

/**
 * Takes a URL's secret parts (path and query: the stream key) out of a text, then whatever the
 * server's one log redaction finds (docs/security.md "No secret in the server's log"): ffmpeg may
 * print the target in another spelling.
 */
export function redactIngestUrl(text: string, url: string): string {
  return redactText(removeUrlParts(text, url));
}

function removeUrlParts(text: string, url: string): string {
  let out = text.split(url).join('[ingest url]');
  try {
    const parsed = new URL(url);
    for (const part of [parsed.pathname + parsed.search, ...parsed.pathname.split('/')]) {
      if (part.length >= 6) out = out.split(part).join('…');
    }
  } catch {
    // not a URL: the text is returned with the whole string taken out
  }
  return out;
}

export class SimulcastPush {
  private stopped = false;
  private child: Child | null = null;
  private detach: (() => void) | null = null;
  private wake: (() => void) | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly options: PushOptions) {}

  /** Starts pushing (and retrying) until `stop`, or until the program ends. */
  start(): Promise<void> {
    this.running ??= this.loop();
    return this.running;
  }

  /** Stops the push: ffmpeg is let finish (the provider sees the stream end), then killed if it hangs. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    this.detach?.();
    const child = this.child;
    if (child) {
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve();
        else child.once('close', () => resolve());
      });
      clearTimeout(timer);
    }
    await this.running;
  }

  private async loop(): Promise<void> {
    const { onReport } = this.options;
    const first = this.options.firstRetryMs ?? 2_000;
    const max = this.options.maxRetryMs ?? 60_000;
    let attempt = 0;
    let failures = 0;
    while (!this.stopped) {
      attempt += 1;
      onReport({ status: 'connecting', attempt });
      const result = await this.attempt(
        () => onReport({ status: 'pushing', attempt }),
        () => {
          failures = 0;
        },
      );
      if (this.stopped || result === 'ended') break;
      failures += 1;
      const retryInMs = Math.min(first * 2 ** (failures - 1), max);
      this.options.log.warn({ attempt, retryInMs, error: result.error }, 'simulcast push failed');
      onReport({ status: 'retrying', attempt, error: result.error, retryInMs });
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, retryInMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
    onReport({ status: 'stopped', attempt });
  }

  /** One ffmpeg: 'ended' when the program ended (or the push was stopped), else why it failed. */
  private attempt(onFlowing: () => void, onSteady: () => void): Promise<'ended' | { error: string }> {
    const { ffmpegPath, url, tap } = this.options;
    const child = spawn(
      ffmpegPath,
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-progress', 'pipe:1', '-stats_period', '1'],
        ...['-f', 'flv', '-i', 'pipe:0', '-map', '0:v?', '-map', '0:a?', '-c', 'copy'],
        ...['-rw_timeout', '15000000', '-f', 'flv', url],
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    this.child = child;
    let stderr = '';
    let programEnded = false;
    let tooSlow = false;
    let flowing = false;
    let steady = false;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    // ffmpeg's progress: output time above zero means packets reach the target; the retry delay starts
    // over only once a push has carried STEADY_US of media (a target that drops every push at once
    // keeps the delay growing).
    child.stdout.on('data', (chunk: Buffer) => {
      if (steady) return;
      const times = [...chunk.toString('utf8').matchAll(/out_time_us=(\d+)/g)].map((m) => Number(m[1]));
      const outTime = Math.max(0, ...times);
      if (outTime > 0 && !flowing) {
        flowing = true;
        onFlowing();
      }
      if (outTime >= STEADY_US) {
        steady = true;
        onSteady();
      }
    });
    child.stdin.on('error', () => {}); // ffmpeg gone: its exit says why
    const detach = tap({
      write: (buffer) => {
        if (child.stdin.destroyed || !child.stdin.writable) return;
        if (child.stdin.writableLength > MAX_BACKLOG_BYTES) {
          tooSlow = true;
          child.kill('SIGKILL');
          return;
        }
        child.stdin.write(buffer);
      },
      end: () => {
        programEnded = true;
        child.stdin.end();
      },
    });
    this.detach = detach;
    if (!detach) {
      programEnded = true;
      child.stdin.end();
      child.kill('SIGKILL');
    }
    return new Promise((resolve) => {
      let settled = false;
      const settle = (value: 'ended' | { error: string }) => {
        if (settled) return;
        settled = true;
        this.child = null;
        this.detach = null;
        detach?.();
        resolve(value);
      };
      child.once('error', (error) => settle({ error: error.message }));
      child.once('close', (code, signal) => {
        if (this.stopped || (programEnded && !tooSlow)) return settle('ended');
        if (tooSlow) return settle({ error: 'the target does not take the stream fast enough' });
        const said = redactIngestUrl(stderr.trim(), url).split('\n').slice(-3).join(' ').trim();
        settle({ error: said || `ffmpeg stopped (${signal ?? `exit code ${code}`})` });
      });
    });
  }
}

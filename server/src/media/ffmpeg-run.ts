import { spawn } from 'node:child_process';

export interface FfmpegPaths {
  ffmpegPath: string;
  ffprobePath: string;
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Keeps the tail of a stream: ffmpeg can print a lot, the error is at the end. */
function tail(limit: number) {
  let text = '';
  return {
    push(chunk: Buffer) {
      text = (text + chunk.toString('utf8')).slice(-limit);
    },
    get text() {
      return text;
    },
  };
}

/** Runs ffmpeg or ffprobe, `cwd` being the job's own folder (relative names resolve nowhere else). */
export function run(
  command: string,
  args: string[],
  options: { signal?: AbortSignal; onStdout?: (chunk: string) => void; cwd?: string } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      signal: options.signal,
      killSignal: 'SIGKILL',
      ...(options.cwd ? { cwd: options.cwd } : {}),
    });
    const out = tail(64 * 1024);
    const err = tail(8 * 1024);
    child.stdout.on('data', (chunk: Buffer) => {
      out.push(chunk);
      options.onStdout?.(chunk.toString('utf8'));
    });
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout: out.text, stderr: err.text }));
  });
}

import { type ChildProcess, spawn } from 'node:child_process';

/** What a test encoder sends: a test pattern of this size and frame rate, with a tone. */
export interface TestVideo {
  size: string;
  rate: number;
}

/**
 * A real encoder for the ingest tests (server and e2e): ffmpeg publishes `seconds` of test pattern
 * (320x240 at 25 fps unless told) and tone, in real time, to `url` (`rtmp://host:port/live/{key}`).
 */
export function publishTestSignal(
  url: string,
  seconds: number,
  video: TestVideo = { size: '320x240', rate: 25 },
): ChildProcess {
  const { size, rate } = video;
  return spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', `testsrc=size=${size}:rate=${rate}`, '-f', 'lavfi', '-i', 'sine'],
      ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-g', String(rate)],
      ...['-c:a', 'aac', '-f', 'flv', url],
    ],
    { stdio: 'ignore' },
  );
}

import { execFile } from 'node:child_process';
import { mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A short real MP4 (H.264 + AAC) made by ffmpeg: what the providers' fakes serve as recordings. */
export async function makeRecording(dir?: string, seconds = 2): Promise<string> {
  const folder = dir ?? (await mkdtemp(join(tmpdir(), 'palco-fake-media-')));
  const path = join(folder, 'recording.mp4');
  const exists = await stat(path).then(
    () => true,
    () => false,
  );
  if (exists) return path;
  await run(process.env.FFMPEG_PATH ?? 'ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=320x240:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-g',
    '50',
    '-c:a',
    'aac',
    '-shortest',
    '-movflags',
    '+faststart',
    '-y',
    path,
  ]);
  return path;
}

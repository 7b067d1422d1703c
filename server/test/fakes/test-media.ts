import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A short MP4 (test pattern and tone, H.264 + AAC) made by ffmpeg: what a provider serves for download. */
export async function makeTestMp4(file: string, seconds = 2): Promise<void> {
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc=size=320x240:rate=25:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...['-movflags', '+faststart', '-shortest', file],
  ]);
}

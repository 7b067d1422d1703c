import { copyFile, link, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Puts a job's input alone in a folder of the job's scratch directory (a hard link, or a copy across
 * volumes) and answers its path. ffmpeg then runs there: whatever a file could name relatively
 * resolves to this folder, where no other upload, rendition or recording lives.
 */
export async function isolateInput(scratch: string, source: string): Promise<string> {
  const dir = join(scratch, 'input');
  await mkdir(dir, { recursive: true });
  const target = join(dir, 'source');
  try {
    await link(source, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK') throw error;
    await copyFile(source, target);
  }
  return target;
}

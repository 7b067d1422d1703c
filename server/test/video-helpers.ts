import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/db/seed.ts';
import { bearer } from './helpers.ts';

export const run = promisify(execFile);
export const DEMO = DEMO_ACCOUNTS.demoProducoes.id;

export function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

export async function fileSha256(path: string): Promise<string> {
  return sha256(await readFile(path));
}

/** A multipart/form-data body: text fields first, then the file part named `file`. */
export function multipart(
  file: { content: Buffer; filename?: string; contentType?: string; field?: string },
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----palco${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename ?? 'blob'}"\r\n` +
        `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Creates a video through "create content" and answers its id. */
export async function createContent(
  app: FastifyInstance,
  token: string,
  title = 'Vídeo de teste',
  accountId: string = DEMO,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `/v1/contents?accountId=${accountId}`,
    headers: bearer(token),
    payload: { title, directoryId: null, accountId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ videoId: string }>().videoId;
}

/** Posts bytes [start, end] of `file` as one chunk. */
export async function postRange(
  app: FastifyInstance,
  token: string,
  videoId: string,
  file: Buffer,
  start: number,
  end: number,
  total = file.length,
) {
  const body = multipart({ content: file.subarray(start, end + 1) });
  return app.inject({
    method: 'POST',
    url: `/upload/v1/videos/${videoId}/source?accountId=${DEMO}`,
    headers: { ...bearer(token), ...body.headers, 'content-range': `bytes ${start}-${end}/${total}` },
    payload: body.payload,
  });
}

export async function waitForStatus(
  app: FastifyInstance,
  token: string,
  videoId: string,
  statuses: string[],
  timeoutMs = 60_000,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.inject({
      method: 'GET',
      url: `/v1/videos/${videoId}?accountId=${DEMO}`,
      headers: bearer(token),
    });
    const video = res.json<Record<string, unknown>>();
    if (statuses.includes(video.status as string)) return video;
    if (Date.now() > deadline) throw new Error(`video ${videoId} still ${String(video.status)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A small real video (testsrc + a tone), made with ffmpeg. */
export async function makeTestVideo(path: string, size = '640x360', seconds = 4): Promise<void> {
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${size}:rate=25`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=44100',
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    path,
  ]);
}

import { type ClientRequest, request } from 'node:http';
import type { Socket } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SUBTITLE_BYTES } from '../src/media/subtitles.ts';
import { loginAs, startTestServer, type TestServer } from './helpers.ts';
import { createContent, DEMO, multipart } from './video-helpers.ts';

// While the largest upload each route accepts is parsed, crafted so that the former parsers spent
// tens of seconds on it (white space not followed by an arrow, a long field followed by quotes), the
// server keeps answering: a health check asked once the server holds the whole upload is answered
// before the upload is (refused, at its very last line). Nothing is timed: the order of completion
// is the proof. A parse that holds the event loop answers the upload first, the health check after.

let server: TestServer;
let owner: string;
let port: number;
const serverSockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  owner = await loginAs(server.app, 'owner@palco.test');
  server.app.server.on('connection', (socket: Socket) => serverSockets.push(socket));
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});

afterAll(async () => {
  await server?.close();
});

interface Sent {
  client: ClientRequest;
  response: Promise<{ status: number; body: string }>;
}

function send(method: string, path: string, headers: Record<string, string> = {}, body?: Buffer): Sent {
  const client = request({ host: '127.0.0.1', port, method, path, headers, agent: false });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    client.on('error', reject);
    client.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
  });
  client.end(body);
  return { client, response };
}

/** Sends the upload, then /healthz once the server has read every byte of it; the order they finish. */
async function healthDuringUpload(path: string, headers: Record<string, string>, body: Buffer) {
  const order: string[] = [];
  const connections = serverSockets.length;
  const upload = send('POST', path, { ...headers, 'content-length': String(body.length) }, body);
  const uploaded = upload.response.finally(() => order.push('upload'));
  await new Promise((resolve) => upload.client.on('finish', resolve));
  const written = upload.client.socket?.bytesWritten ?? 0;
  while ((serverSockets[connections]?.bytesRead ?? 0) < written) await nextTurn();
  const health = send('GET', '/healthz');
  const healthy = health.response.finally(() => order.push('health'));
  const [uploadResult, healthResult] = await Promise.all([uploaded, healthy]);
  return { order, upload: uploadResult, health: healthResult };
}

// On a PostgreSQL server the health check's own `select 1` waits on another process, which a loaded
// machine can hold up for longer than the whole sliced parse takes: the order would then measure the
// database, not the event loop. The event loop is the same on both: the embedded pass proves it.
describe.skipIf(process.env.DATABASE_URL)('/healthz while a pathological upload is parsed', () => {
  it('answers during a 2 MiB subtitle made of cues with long white space after the times', async () => {
    const videoId = await createContent(server.app, owner);
    const cue = (i: number) => `${i}\n00:00:01,000 --> 00:00:02,000${' '.repeat(4096)}x\nOlá\n\n`;
    const last = 'not a cue\n';
    const cues: string[] = [];
    let size = last.length;
    for (let i = 1; size + Buffer.byteLength(cue(i)) <= MAX_SUBTITLE_BYTES; i++) {
      cues.push(cue(i));
      size += Buffer.byteLength(cue(i));
    }
    const file = Buffer.from(cues.join('') + last);
    expect(file.length).toBeGreaterThan(MAX_SUBTITLE_BYTES - 5000);
    const form = multipart({ content: file, filename: 'x.srt' }, { language: 'pt-BR' });

    const result = await healthDuringUpload(
      `/v1/videos/${videoId}/subtitles/upload?accountId=${DEMO}`,
      { authorization: `Bearer ${owner}`, ...form.headers },
      form.payload,
    );
    expect(result.health.status).toBe(200);
    expect(result.upload.status, result.upload.body).toBe(400);
    expect(result.order).toEqual(['health', 'upload']);
  });

  it('answers during a 1 MiB CSV of long blank fields followed by quotes', async () => {
    const row = `${' '.repeat(8192)}"${'""'.repeat(4096)}"\n`;
    let csv = 'nome,data,hora\n';
    // The route takes up to 1 MiB of JSON, where each quote is two bytes; the last line opens a quote
    // it never closes, so the whole text is read before the refusal.
    while (JSON.stringify({ csv: `${csv}${row}"x` }).length < 1024 * 1024 - 1024) csv += row;
    const body = Buffer.from(JSON.stringify({ csv: `${csv}"x` }));

    const result = await healthDuringUpload(
      `/bff/whereby/create-csv-rooms?accountId=${DEMO}`,
      { authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
      body,
    );
    expect(result.health.status).toBe(200);
    expect(result.upload.status, result.upload.body).toBe(400);
    expect(result.order).toEqual(['health', 'upload']);
  });
});

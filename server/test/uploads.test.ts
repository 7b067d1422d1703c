import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideo } from '../src/db/repositories/videos.ts';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import type { DiskUploads } from '../src/media/upload-files.ts';
import { bearer, expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { createContent, DEMO, multipart, postRange, sha256 } from './video-helpers.ts';

let server: TestServer;
let owner: string;
let operator: string;
let blocked: string;
let staff: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
  operator = await loginAs(server.app, DEMO_USERS.operator.login);
  blocked = await loginAs(server.app, DEMO_USERS.blocked.login);
  staff = await loginAs(server.app, DEMO_USERS.staff.login);
});
afterAll(async () => {
  await server?.close();
});

const status = (videoId: string, token = owner) =>
  server.app.inject({
    method: 'GET',
    url: `/upload/v1/videos/${videoId}/source?accountId=${DEMO}`,
    headers: bearer(token),
  });

const sourceFile = (videoId: string) =>
  (server.app.media.uploads.store as DiskUploads).files.sourcePath(videoId);

describe('chunked upload', () => {
  it('stores a chunk sequence byte for byte and completes with 202', async () => {
    const file = randomBytes(1_000_003);
    const videoId = await createContent(server.app, owner);
    expect((await status(videoId)).json()).toEqual({ offset: 0, total: null, complete: false });

    const size = 300_000;
    for (let start = 0; start < file.length; start += size) {
      const end = Math.min(file.length, start + size) - 1;
      const res = await postRange(server.app, owner, videoId, file, start, end);
      if (end === file.length - 1) {
        expect(res.statusCode, res.body).toBe(202);
        expect(res.json()).toEqual({ offset: file.length, total: file.length, complete: true });
      } else {
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toEqual({ offset: end + 1, total: file.length, complete: false });
        expect((await status(videoId)).json()).toEqual({
          offset: end + 1,
          total: file.length,
          complete: false,
        });
      }
    }
    expect(sha256(await readFile(sourceFile(videoId)))).toBe(sha256(file));
    expect((await status(videoId)).json()).toEqual({
      offset: file.length,
      total: file.length,
      complete: true,
    });

    // The completion is logged in the same transaction, once.
    const logs = await server.app.db
      .selectFrom('activity_logs')
      .select(['event', 'identifier'])
      .where('identifier', '=', videoId)
      .execute();
    expect(logs.map((l) => l.event).sort()).toEqual(['UPLOAD_CONCLUIDO', 'VIDEO_CRIADO']);
  });

  it('writes a duplicate chunk nothing twice', async () => {
    const file = randomBytes(400_000);
    const videoId = await createContent(server.app, owner);
    expect((await postRange(server.app, owner, videoId, file, 0, 199_999)).statusCode).toBe(201);
    const again = await postRange(server.app, owner, videoId, file, 0, 199_999);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ offset: 200_000, total: 400_000, complete: false });
    expect((await stat((server.app.media.uploads.store as DiskUploads).files.partPath(videoId))).size).toBe(
      200_000,
    );
    expect((await postRange(server.app, owner, videoId, file, 200_000, 399_999)).statusCode).toBe(202);
    // A retry after completion (the 202 was lost) answers 202 again.
    const late = await postRange(server.app, owner, videoId, file, 200_000, 399_999);
    expect(late.statusCode).toBe(202);
    expect(sha256(await readFile(sourceFile(videoId)))).toBe(sha256(file));
  });

  it('answers 409 with the offset for a chunk beyond it', async () => {
    const file = randomBytes(300_000);
    const videoId = await createContent(server.app, owner);
    const gap = await postRange(server.app, owner, videoId, file, 100_000, 199_999);
    expect(gap.statusCode).toBe(409);
    expect(gap.json()).toMatchObject({ statusCode: 409, offset: 0 });
    expect((await postRange(server.app, owner, videoId, file, 0, 99_999)).statusCode).toBe(201);
    const gap2 = await postRange(server.app, owner, videoId, file, 200_000, 299_999);
    expect(gap2.statusCode).toBe(409);
    expect(gap2.json().offset).toBe(100_000);
    expect(gap2.json().message).toContain('100000');
  });

  it('stores only the new part of an overlapping chunk', async () => {
    const file = randomBytes(500_000);
    const videoId = await createContent(server.app, owner);
    expect((await postRange(server.app, owner, videoId, file, 0, 249_999)).statusCode).toBe(201);
    const overlap = await postRange(server.app, owner, videoId, file, 100_000, 349_999);
    expect(overlap.statusCode).toBe(201);
    expect(overlap.json().offset).toBe(350_000);
    expect((await postRange(server.app, owner, videoId, file, 300_000, 499_999)).statusCode).toBe(202);
    expect(sha256(await readFile(sourceFile(videoId)))).toBe(sha256(file));
  });

  it('refuses a total that changes with 400', async () => {
    const file = randomBytes(200_000);
    const videoId = await createContent(server.app, owner);
    expect((await postRange(server.app, owner, videoId, file, 0, 99_999)).statusCode).toBe(201);
    const changed = await postRange(server.app, owner, videoId, file, 100_000, 149_999, 150_000);
    expect(expectError(changed, 400)).toBe('O tamanho total do arquivo mudou; reinicie o envio.');
    expect((await status(videoId)).json()).toEqual({ offset: 100_000, total: 200_000, complete: false });
  });

  it('refuses malformed ranges and a file part that does not match its range', async () => {
    const file = randomBytes(100_000);
    const videoId = await createContent(server.app, owner);
    for (const range of ['bytes 10-5/100', 'bytes 0-100/100', 'items 0-1/2', 'bytes 0-1']) {
      const body = multipart({ content: file.subarray(0, 10) });
      const res = await server.app.inject({
        method: 'POST',
        url: `/upload/v1/videos/${videoId}/source?accountId=${DEMO}`,
        headers: { ...bearer(owner), ...body.headers, 'content-range': range },
        payload: body.payload,
      });
      expectError(res, 400);
    }
    // The range says 1000 bytes, the part carries 2000: nothing is counted.
    const body = multipart({ content: file.subarray(0, 2000) });
    const excess = await server.app.inject({
      method: 'POST',
      url: `/upload/v1/videos/${videoId}/source?accountId=${DEMO}`,
      headers: { ...bearer(owner), ...body.headers, 'content-range': 'bytes 0-999/100000' },
      payload: body.payload,
    });
    expectError(excess, 400);
    expect((await status(videoId)).json().offset).toBe(0);
  });

  it('serialises concurrent chunks of one video', async () => {
    const file = randomBytes(2_000_000);
    const videoId = await createContent(server.app, owner);
    const results = await Promise.all([
      postRange(server.app, owner, videoId, file, 0, 999_999),
      postRange(server.app, owner, videoId, file, 0, 999_999),
      postRange(server.app, owner, videoId, file, 0, 1_499_999),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect((await status(videoId)).json().offset).toBe(1_500_000);
    expect((await postRange(server.app, owner, videoId, file, 1_500_000, 1_999_999)).statusCode).toBe(202);
    expect(sha256(await readFile(sourceFile(videoId)))).toBe(sha256(file));
  });

  it('is served on the API host too', async () => {
    const file = randomBytes(10_000);
    const videoId = await createContent(server.app, owner);
    const body = multipart({ content: file });
    const res = await server.app.inject({
      method: 'POST',
      url: `/v1/videos/${videoId}/source?accountId=${DEMO}`,
      headers: { ...bearer(owner), ...body.headers, 'content-range': 'bytes 0-9999/10000' },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(202);
  });
});

describe('simple upload', () => {
  it('stores the whole file in one request (202)', async () => {
    const file = randomBytes(700_000);
    const videoId = await createContent(server.app, owner);
    const body = multipart({ content: file, filename: 'video.mp4', contentType: 'video/mp4' });
    const res = await server.app.inject({
      method: 'POST',
      url: `/v1/videos/${videoId}/source?accountId=${DEMO}`,
      headers: { ...bearer(owner), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ offset: 700_000, total: 700_000, complete: true });
    expect(sha256(await readFile(sourceFile(videoId)))).toBe(sha256(file));
  });

  it('restarts an unfinished chunked upload from byte 0', async () => {
    const file = randomBytes(300_000);
    const videoId = await createContent(server.app, owner);
    expect((await postRange(server.app, owner, videoId, randomBytes(300_000), 0, 99_999)).statusCode).toBe(
      201,
    );
    const body = multipart({ content: file });
    const res = await server.app.inject({
      method: 'POST',
      url: `/v1/videos/${videoId}/source?accountId=${DEMO}`,
      headers: { ...bearer(owner), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(202);
    expect(sha256(await readFile(sourceFile(videoId)))).toBe(sha256(file));
  });

  it('refuses an empty file and a request without a file part', async () => {
    const videoId = await createContent(server.app, owner);
    const empty = multipart({ content: Buffer.alloc(0) });
    const res = await server.app.inject({
      method: 'POST',
      url: `/v1/videos/${videoId}/source?accountId=${DEMO}`,
      headers: { ...bearer(owner), ...empty.headers },
      payload: empty.payload,
    });
    expectError(res, 400);
    const wrongField = multipart({ content: Buffer.from('x'), field: 'video' });
    const res2 = await server.app.inject({
      method: 'POST',
      url: `/v1/videos/${videoId}/source?accountId=${DEMO}`,
      headers: { ...bearer(owner), ...wrongField.headers },
      payload: wrongField.payload,
    });
    expectError(res2, 400);
    const json = await server.app.inject({
      method: 'POST',
      url: `/v1/videos/${videoId}/source?accountId=${DEMO}`,
      headers: bearer(owner),
      payload: { file: 'x' },
    });
    expectError(json, 415);
  });
});

describe('an empty file', () => {
  // docs/uploads.md "Empty files": retrying cannot help, so the refusal says what is wrong, whole or
  // chunked (a 0-byte file has no byte range: `bytes 0--1/0`, `bytes */0`), in the caller's language.
  it('is refused with 400 saying the file is empty, whole or chunked', async () => {
    const videoId = await createContent(server.app, owner);
    const send = (headers: Record<string, string>) => {
      const empty = multipart({ content: Buffer.alloc(0) });
      return server.app.inject({
        method: 'POST',
        url: `/upload/v1/videos/${videoId}/source?accountId=${DEMO}`,
        headers: { ...bearer(owner), ...empty.headers, ...headers },
        payload: empty.payload,
      });
    };
    for (const range of [undefined, 'bytes 0--1/0', 'bytes */0']) {
      const headers: Record<string, string> = range ? { 'content-range': range } : {};
      expect(expectError(await send(headers), 400)).toBe(
        'O arquivo está vazio (0 bytes): não há vídeo para enviar. Escolha outro arquivo.',
      );
      expect(expectError(await send({ ...headers, 'accept-language': 'en' }), 400)).toBe(
        'The file is empty (0 bytes): there is no video to upload. Choose another file.',
      );
    }
    expect((await status(videoId)).json()).toEqual({ offset: 0, total: null, complete: false });
  });
});

describe('who may upload', () => {
  it("answers 404 for another team's video, and for a missing one", async () => {
    const videoId = await createContent(server.app, owner);
    const blockedToken = blocked;
    const file = randomBytes(1000);
    const body = multipart({ content: file });
    const foreign = await server.app.inject({
      method: 'POST',
      url: `/upload/v1/videos/${videoId}/source`,
      headers: { ...bearer(blockedToken), ...body.headers, 'content-range': 'bytes 0-999/1000' },
      payload: body.payload,
    });
    expectError(foreign, 404);
    const foreignStatus = await server.app.inject({
      method: 'GET',
      url: `/upload/v1/videos/${videoId}/source`,
      headers: bearer(blockedToken),
    });
    expectError(foreignStatus, 404);
    // The owner's other team named as accountId: the video is not in it.
    const otherTeam = await server.app.inject({
      method: 'GET',
      url: `/v1/videos/${videoId}/source?accountId=${DEMO_ACCOUNTS.eventosAoVivo.id}`,
      headers: bearer(owner),
    });
    expectError(otherTeam, 404);
    const missing = await status('00000000-0000-4000-8000-000000000000');
    expectError(missing, 404);
    // A member with another role of the same team, and staff, may.
    expect((await status(videoId, operator)).statusCode).toBe(200);
    expect(
      (
        await server.app.inject({
          method: 'GET',
          url: `/v1/videos/${videoId}/source`,
          headers: bearer(staff),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses uploads to a blocked account with 403', async () => {
    const accountId = DEMO_ACCOUNTS.contaBloqueada.id;
    const created = await server.app.inject({
      method: 'POST',
      url: `/v1/contents?accountId=${accountId}`,
      headers: bearer(blocked),
      payload: { title: 'x', directoryId: null, accountId },
    });
    expect(expectError(created, 403)).toContain('temporariamente limitados');
    // A video stored before the account was blocked.
    const videoId = await createVideo(server.app.db, {
      accountId,
      directoryId: null,
      title: 'antigo',
      description: '',
      createdBy: null,
    });
    const body = multipart({ content: randomBytes(1000) });
    const res = await server.app.inject({
      method: 'POST',
      url: `/upload/v1/videos/${videoId}/source?accountId=${accountId}`,
      headers: { ...bearer(blocked), ...body.headers, 'content-range': 'bytes 0-999/1000' },
      payload: body.payload,
    });
    expect(expectError(res, 403)).toContain('financeiro');
    // It can still be read.
    const read = await server.app.inject({
      method: 'GET',
      url: `/v1/videos/${videoId}?accountId=${accountId}`,
      headers: bearer(blocked),
    });
    expect(read.statusCode).toBe(200);
  });

  it('needs a token', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/upload/v1/videos/00000000-0000-4000-8000-000000000000/source',
    });
    expectError(res, 401);
  });
});

/** The test server on a real socket (raw requests need one), listening once for the whole file. */
async function listening(): Promise<number> {
  if (!server.app.server.listening) await server.app.listen({ port: 0, host: '127.0.0.1' });
  return (server.app.server.address() as AddressInfo).port;
}

/** Sends only the head of a request (and a few body bytes) and answers what the server says. */
function rawRequest(port: number, head: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (d) => {
      text += d.toString('latin1');
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
    // A server that read the announced body would wait for it forever.
    socket.write(`${head}\r\n--xyz\r\n`);
    setTimeout(() => reject(new Error(`no answer: ${text}`)), 5000).unref();
  });
}

describe('oversize chunk', () => {
  it('is refused with 413 before its body is read', async () => {
    const videoId = await createContent(server.app, owner);
    const port = await listening();
    const head = (length: number, range: string) =>
      `POST /upload/v1/videos/${videoId}/source?accountId=${DEMO} HTTP/1.1\r\n` +
      'Host: localhost\r\n' +
      `Authorization: Bearer ${owner}\r\n` +
      'Content-Type: multipart/form-data; boundary=xyz\r\n' +
      `Content-Length: ${length}\r\n` +
      `Content-Range: ${range}\r\n`;

    // A range of 200 MiB.
    const byRange = await rawRequest(
      port,
      head(200 * 1024 * 1024, `bytes 0-${200 * 1024 * 1024 - 1}/${400 * 1024 * 1024}`),
    );
    expect(byRange).toMatch(/^HTTP\/1\.1 413/);
    expect(byRange.toLowerCase()).toContain('connection: close');
    expect(byRange).toContain('O bloco excede o limite de 128 MB.');

    // A range of 10 bytes announced with a 130 MiB body.
    const byLength = await rawRequest(port, head(130 * 1024 * 1024, 'bytes 0-9/1000'));
    expect(byLength).toMatch(/^HTTP\/1\.1 413/);

    // Nothing was stored.
    expect((await status(videoId)).json()).toEqual({ offset: 0, total: null, complete: false });
  });
});

describe('a request cut off by the client', () => {
  // A client that leaves while its request waits for the database or the video's lease (a phone going
  // offline) used to leave a handler waiting for the body forever, and every later chunk of that video
  // queued behind it: the upload stalled until the server restarted.
  it('never holds the video: the next chunk is answered wherever the first was cut', async () => {
    const port = await listening();
    const file = randomBytes(300_000);
    for (const delayMs of [0, 1, 3, 10, 30]) {
      for (const bytes of [0, 50, 200, 5_000, 100_000]) {
        const where = `cut after ${bytes} body bytes and ${delayMs} ms`;
        const videoId = await createContent(server.app, owner);
        const body = multipart({ content: file.subarray(0, 200_000) });
        const head =
          `POST /upload/v1/videos/${videoId}/source?accountId=${DEMO} HTTP/1.1\r\n` +
          'Host: localhost\r\n' +
          `Authorization: Bearer ${owner}\r\n` +
          `Content-Type: ${body.headers['content-type']}\r\n` +
          `Content-Length: ${body.payload.length}\r\n` +
          'Content-Range: bytes 0-199999/300000\r\n\r\n';
        await new Promise<void>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => {
            socket.write(Buffer.concat([Buffer.from(head), body.payload.subarray(0, bytes)]));
            setTimeout(() => {
              socket.destroy();
              resolve();
            }, delayMs);
          });
          socket.on('error', reject);
        });
        // The client comes back: asks where to resume and sends the rest.
        const resume = async () => {
          const { offset } = (await status(videoId)).json<{ offset: number }>();
          return postRange(server.app, owner, videoId, file, offset, file.length - 1);
        };
        const next = await Promise.race([
          resume(),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error(`${where}: the next chunk got no answer`)), 30_000).unref(),
          ),
        ]);
        expect(next.statusCode, where).toBe(202);
        expect(sha256(await readFile(sourceFile(videoId))), where).toBe(sha256(file));
      }
    }
  }, 120_000);
});

describe('an upload host on another origin (docs/api-videos.md "An upload host on another origin")', () => {
  // The console runs on PUBLIC_URL; the upload host (UPLOAD_URL) may be elsewhere: the browser then asks
  // it first (a preflight) and reads its answers only if they name the console's origin.
  const consoleOrigin = () => new URL(server.app.config.publicUrl).origin;
  const preflight = (origin: string, path: string) =>
    server.app.inject({
      method: 'OPTIONS',
      url: path,
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-range,accept-language',
      },
    });

  it("answers the console's origin: preflight, chunk, state and errors", async () => {
    const videoId = await createContent(server.app, owner);
    for (const path of [`/upload/v1/videos/${videoId}/source`, `/v1/videos/${videoId}/source`]) {
      const pre = await preflight(consoleOrigin(), `${path}?accountId=${DEMO}`);
      expect(pre.statusCode, pre.body).toBe(204);
      expect(pre.headers['access-control-allow-origin']).toBe(consoleOrigin());
      expect(pre.headers['access-control-allow-methods']).toMatch(/\bPOST\b/);
      expect(pre.headers['access-control-allow-methods']).toMatch(/\bGET\b/);
      for (const header of ['authorization', 'content-range', 'accept-language']) {
        expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toContain(header);
      }
      expect(pre.headers.vary).toMatch(/Origin/);
    }
    const file = randomBytes(1000);
    const body = multipart({ content: file.subarray(0, 500) });
    const chunk = await server.app.inject({
      method: 'POST',
      url: `/upload/v1/videos/${videoId}/source?accountId=${DEMO}`,
      headers: {
        ...bearer(owner),
        ...body.headers,
        origin: consoleOrigin(),
        'content-range': `bytes 0-499/${file.length}`,
      },
      payload: body.payload,
    });
    expect(chunk.statusCode, chunk.body).toBe(201);
    expect(chunk.headers['access-control-allow-origin']).toBe(consoleOrigin());
    expect(chunk.headers['access-control-allow-credentials']).toBeUndefined();
    expect(chunk.headers.vary).toMatch(/Origin/);
    const state = await server.app.inject({
      method: 'GET',
      url: `/v1/videos/${videoId}/source?accountId=${DEMO}`,
      headers: { ...bearer(owner), origin: consoleOrigin() },
    });
    expect(state.json()).toEqual({ offset: 500, total: file.length, complete: false });
    expect(state.headers['access-control-allow-origin']).toBe(consoleOrigin());
    // The answers the console must read to go on: a gap's offset (409), an expired token (401).
    const gap = multipart({ content: file.subarray(800) });
    const conflict = await server.app.inject({
      method: 'POST',
      url: `/upload/v1/videos/${videoId}/source?accountId=${DEMO}`,
      headers: {
        ...bearer(owner),
        ...gap.headers,
        origin: consoleOrigin(),
        'content-range': `bytes 800-999/${file.length}`,
      },
      payload: gap.payload,
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ offset: 500 });
    expect(conflict.headers['access-control-allow-origin']).toBe(consoleOrigin());
    const unauthenticated = await server.app.inject({
      method: 'GET',
      url: `/upload/v1/videos/${videoId}/source?accountId=${DEMO}`,
      headers: { origin: consoleOrigin() },
    });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.headers['access-control-allow-origin']).toBe(consoleOrigin());
  });

  it('grants no other origin, and never `*`', async () => {
    const videoId = await createContent(server.app, owner);
    const other = 'https://evil.example';
    const pre = await preflight(other, `/upload/v1/videos/${videoId}/source?accountId=${DEMO}`);
    expect(pre.statusCode).toBe(403);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(pre.headers['access-control-allow-headers']).toBeUndefined();
    const body = multipart({ content: Buffer.from('abc') });
    const sent = await server.app.inject({
      method: 'POST',
      url: `/upload/v1/videos/${videoId}/source?accountId=${DEMO}`,
      headers: { ...bearer(owner), ...body.headers, origin: other, 'content-range': 'bytes 0-2/3' },
      payload: body.payload,
    });
    // The server cannot stop a request the browser sends without asking; the browser keeps its answer
    // from the page (no CORS header), so the page learns nothing.
    expect(sent.headers['access-control-allow-origin']).toBeUndefined();
    // Another port of the console's host is another origin.
    const port = new URL(server.app.config.publicUrl);
    port.port = String(Number(port.port || 80) + 1);
    const near = await preflight(port.origin, `/v1/videos/${videoId}/source`);
    expect(near.statusCode).toBe(403);
    expect(near.headers['access-control-allow-origin']).toBeUndefined();
  });
});

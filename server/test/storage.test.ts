import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage, s3Client } from '../src/media/s3-storage.ts';
import { PIECE_BYTES, S3Uploads } from '../src/media/s3-uploads.ts';
import { LocalDiskStorage, type MediaStorage } from '../src/media/storage.ts';
import { ExcessBytesError } from '../src/media/upload-files.ts';
import { startS3, type TestS3 } from './s3-server.ts';

async function text(storage: MediaStorage, key: string, range?: { start: number; end?: number }) {
  const file = await storage.open(key, range);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return { body: Buffer.concat(chunks).toString('utf8'), size: file.size, total: file.total };
}

/** The same suite against both backends: the disk (default) and a real S3 server (s3rver). */
describe.each(['disk', 's3'] as const)('media storage on %s', (kind) => {
  let root: string;
  let s3: TestS3 | null = null;
  let storage: MediaStorage;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'palco-storage-'));
    if (kind === 'disk') storage = new LocalDiskStorage(join(root, 'media'));
    else {
      s3 = await startS3();
      storage = new S3Storage(s3Client(s3.storage), s3.storage, 'media/', join(root, 'scratch'));
    }
  });
  afterAll(async () => {
    await s3?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('puts bytes and files and reads them back, whole or a byte range', async () => {
    await storage.putBytes('a/one.txt', 'hello world');
    expect(await text(storage, 'a/one.txt')).toEqual({ body: 'hello world', size: 11, total: 11 });
    expect(await text(storage, 'a/one.txt', { start: 6 })).toEqual({ body: 'world', size: 5, total: 11 });
    expect(await text(storage, 'a/one.txt', { start: 0, end: 4 })).toEqual({
      body: 'hello',
      size: 5,
      total: 11,
    });
    // Past the end, or missing: nothing.
    expect(await storage.open('a/one.txt', { start: 11 })).toBeNull();
    expect(await storage.open('a/missing.txt')).toBeNull();

    const scratch = await storage.scratchDir();
    const big = Buffer.alloc(20 * 1024 * 1024 + 3, 7);
    big.write('end', big.length - 3);
    await writeFile(join(scratch, 'big.bin'), big);
    await storage.putFile('a/big.bin', join(scratch, 'big.bin'));
    const back = await storage.open('a/big.bin', { start: big.length - 3 });
    expect(back?.total).toBe(big.length);
    const tail: Buffer[] = [];
    for await (const chunk of back!.stream) tail.push(chunk as Buffer);
    expect(Buffer.concat(tail).toString()).toBe('end');
  });

  it('reads a whole file into memory (a live playlist), and nothing for a missing key or a folder', async () => {
    await storage.putBytes('live/a/master.m3u8', '#EXTM3U\n720p/index.m3u8\n');
    expect((await storage.read('live/a/master.m3u8'))?.toString()).toBe('#EXTM3U\n720p/index.m3u8\n');
    expect(await storage.read('live/a/missing.m3u8')).toBeNull();
    expect(await storage.read('live/a/master.m3u8/below')).toBeNull();
    expect(await storage.read('live/a')).toBeNull();
    await expect(storage.read('../outside')).rejects.toThrow(/unsafe media key/);
    // Whether a live is on the air: its master playlist is there, not a folder of that name.
    expect(await storage.exists('live/a/master.m3u8')).toBe(true);
    expect(await storage.exists('live/a/missing.m3u8')).toBe(false);
    expect(await storage.exists('live/a')).toBe(false);
    expect(await storage.exists('live/a/master.m3u8/below')).toBe(false);
  });

  it('replaces a directory as a whole: files of the old set the new one lacks are gone', async () => {
    const first = await storage.scratchDir();
    await mkdir(join(first, 'low'), { recursive: true });
    await writeFile(join(first, 'master.m3u8'), 'v1');
    await writeFile(join(first, 'low', 'seg_1.ts'), 'old');
    await storage.putDirectory('v/hls', first);
    const second = await storage.scratchDir();
    await mkdir(join(second, 'src'), { recursive: true });
    await writeFile(join(second, 'master.m3u8'), 'v2');
    await writeFile(join(second, 'src', 'seg_1.ts'), 'new');
    await storage.putDirectory('v/hls', second);
    expect((await storage.list('v')).map((f) => f.key)).toEqual(['v/hls/master.m3u8', 'v/hls/src/seg_1.ts']);
    expect((await text(storage, 'v/hls/master.m3u8'))?.body).toBe('v2');
    expect(await storage.open('v/hls/low/seg_1.ts')).toBeNull();
  });

  it('counts and removes what is under a prefix, never a neighbour with a longer name', async () => {
    await storage.putBytes('acct/x/a.jpg', '12345');
    await storage.putBytes('acct/x/deep/b.vtt', '123');
    await storage.putBytes('acct/xy/c.jpg', '1');
    expect(await storage.usedBytes('acct/x')).toBe(8);
    expect(await storage.usedBytes('acct')).toBe(9);
    await storage.remove('acct/x/a.jpg');
    expect(await storage.usedBytes('acct/x')).toBe(3);
    await storage.removePrefix('acct/x');
    expect(await storage.usedBytes('acct/x')).toBe(0);
    expect(await storage.usedBytes('acct')).toBe(1);
    expect(await storage.usedBytes('nobody')).toBe(0);
  });

  it('removes a folder while a writer is still adding files to it (a transcode publishing as its video is deleted)', async () => {
    const names = Array.from({ length: 400 }, (_, i) => `gone/hls/${i}.ts`);
    await Promise.all(names.map((key) => storage.putBytes(key, 'x')));
    // The writer adds files one after another while the folder is being removed, then stops.
    let writing = true;
    const writer = (async () => {
      for (let i = 0; i < 40 && writing; i++) await storage.putBytes(`gone/late-${i}.jpg`, 'x');
    })();
    await expect(storage.removePrefix('gone')).resolves.toBeUndefined();
    writing = false;
    await writer;
  });

  it('a put whose folder is removed under it starts again in a new folder instead of failing', async () => {
    // Puts and removals of the same folder interleave; each put must land, none reject with ENOENT.
    for (let round = 0; round < 20; round++) {
      const scratch = await storage.scratchDir();
      await writeFile(join(scratch, 'poster.jpg'), 'img');
      await mkdir(join(scratch, 'hls'));
      await writeFile(join(scratch, 'hls', 'index.m3u8'), '#EXTM3U');
      const puts = [
        ...Array.from({ length: 30 }, (_, i) => storage.putBytes(`race/a/b/${i}.ts`, 'x')),
        storage.putFile('race/a/c/poster.jpg', join(scratch, 'poster.jpg')),
        storage.putDirectory('race/a/d/hls', join(scratch, 'hls')),
      ];
      const removals = Array.from({ length: 5 }, () => storage.removePrefix('race/a'));
      await expect(Promise.all([...puts, ...removals])).resolves.toBeDefined();
    }
    await storage.putBytes('race/a/last.ts', 'x');
    expect((await storage.list('race')).map((file) => file.key)).toContain('race/a/last.ts');
  });

  it('refuses keys that could leave the storage', async () => {
    await expect(storage.putBytes('../escape.txt', 'x')).rejects.toThrow(/unsafe media key/);
    await expect(storage.open('a/../../etc/passwd')).rejects.toThrow(/unsafe media key/);
  });

  it('leaves no scratch file behind a put file', async () => {
    const scratch = await storage.scratchDir();
    await writeFile(join(scratch, 'f.jpg'), 'img');
    await storage.putFile('img/f.jpg', join(scratch, 'f.jpg'));
    await expect(readFile(join(scratch, 'f.jpg'))).rejects.toThrow(/ENOENT/);
  });
});

describe('upload pieces in the bucket', () => {
  let root: string;
  let s3: TestS3;
  let uploads: S3Uploads;
  const videoId = 'b0000000-0000-4000-8000-00000000000e';

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'palco-pieces-'));
    s3 = await startS3();
    uploads = new S3Uploads(
      new S3Storage(s3Client(s3.storage), s3.storage, 'uploads/', join(root, 'scratch')),
    );
  });
  afterAll(async () => {
    await s3.close();
    await rm(root, { recursive: true, force: true });
  });

  /** A source of `parts`, failing after them when `fail` is set. */
  const source = (parts: Buffer[], fail = false) =>
    Readable.from(
      (async function* () {
        for (const part of parts) yield part;
        if (fail) throw new Error('connection reset');
      })(),
    );

  it('stores the whole chunk, or only what is new in it, and nothing of a short, cut or long one', async () => {
    const first = Buffer.alloc(3 * 1024 * 1024, 1);
    const ok = await uploads.write(videoId, source([first]), {
      skip: 0,
      position: 0,
      max: first.length,
      exact: true,
    });
    expect(ok).toEqual({ received: first.length, written: first.length, error: null });
    // Overlapping the first by 1 MiB: only the new bytes are put.
    const second = Buffer.alloc(2 * 1024 * 1024, 2);
    const overlap = await uploads.write(videoId, source([second]), {
      skip: 1024 * 1024,
      position: first.length,
      max: second.length,
      exact: true,
    });
    expect(overlap.written).toBe(1024 * 1024);
    const stored = first.length + 1024 * 1024;
    expect(await uploads.storedBytes(videoId)).toBe(stored);

    const piece = Buffer.alloc(1024 * 1024, 3);
    // Ends short of its length (a well-formed body with fewer bytes): the put is abandoned, no wait.
    const short = await uploads.write(videoId, source([piece.subarray(0, 1000)]), {
      skip: 0,
      position: stored,
      max: piece.length,
      exact: true,
    });
    expect(short.written).toBe(0);
    expect(short.received).toBe(1000);
    expect(short.error).toBeTruthy();
    // Cut mid-way (the client went away).
    const cut = await uploads.write(videoId, source([piece.subarray(0, 4096)], true), {
      skip: 0,
      position: stored,
      max: piece.length,
      exact: true,
    });
    expect(cut.written).toBe(0);
    expect(cut.error).toBeTruthy();
    // More bytes than announced.
    const long = await uploads.write(videoId, source([piece, Buffer.alloc(10)]), {
      skip: 0,
      position: stored,
      max: piece.length,
      exact: true,
    });
    expect(long.written).toBe(0);
    expect(long.error).toBeInstanceOf(ExcessBytesError);
    // None of them counts (s3rver may keep the part of an aborted put it received: a torn piece, which
    // its name's length tells apart), and the source is what was acknowledged, byte for byte.
    expect(await uploads.storedBytes(videoId)).toBe(stored);
    const local = await uploads.localSource(videoId, join(root, 'job'));
    // (Buffer.equals: a deep comparison of megabytes takes the test runner many seconds.)
    const expected = Buffer.concat([first, second.subarray(1024 * 1024)]);
    expect((await readFile(local!)).equals(expected)).toBe(true);
  });

  it('a plain upload (length unknown) is stored in whole pieces; a cut one keeps the pieces it filled', async () => {
    const plainId = 'b0000000-0000-4000-8000-00000000000f';
    // Two and a half pieces, arriving in reads that straddle the pieces' ends.
    const bytes = randomBytes(PIECE_BYTES * 2 + PIECE_BYTES / 2);
    const reads = (data: Buffer) => {
      const out: Buffer[] = [];
      for (let at = 0; at < data.length; at += 1_000_003) out.push(data.subarray(at, at + 1_000_003));
      return out;
    };
    const whole = await uploads.write(plainId, source(reads(bytes)), {
      skip: 0,
      position: 0,
      max: 64 * PIECE_BYTES,
      restart: true,
    });
    expect(whole).toEqual({ received: bytes.length, written: bytes.length, error: null, storeFailed: false });
    expect(await uploads.storedBytes(plainId)).toBe(bytes.length);
    const local = await uploads.localSource(plainId, join(root, 'plain'));
    expect((await readFile(local!)).equals(bytes)).toBe(true);

    // Sent again and cut after two and a half pieces: what was there before is gone (restart), the two
    // whole pieces are durable and answered as written; the half piece is not.
    const again = randomBytes(bytes.length);
    const cut = await uploads.write(plainId, source(reads(again), true), {
      skip: 0,
      position: 0,
      max: 64 * PIECE_BYTES,
      restart: true,
    });
    expect(cut.written).toBe(2 * PIECE_BYTES);
    expect(cut.error).toBeTruthy();
    expect(await uploads.storedBytes(plainId)).toBe(2 * PIECE_BYTES);
    const kept = await uploads.localSource(plainId, join(root, 'cut'));
    expect((await readFile(kept!)).equals(again.subarray(0, 2 * PIECE_BYTES))).toBe(true);

    // Over the limit: refused, and what it put is not counted as written.
    const over = await uploads.write(plainId, source(reads(bytes)), {
      skip: 0,
      position: 0,
      max: PIECE_BYTES + 10,
      restart: true,
    });
    expect(over.error).toBeInstanceOf(ExcessBytesError);
    expect(over.written).toBeLessThanOrEqual(PIECE_BYTES);
    expect(await uploads.storedBytes(plainId)).toBe(over.written);
  });

  it('a finished local file becomes the source as pieces of known length', async () => {
    const recordingId = 'b0000000-0000-4000-8000-000000000010';
    const bytes = randomBytes(3 * 1024 * 1024 + 5);
    const file = join(root, 'recording.ts');
    await writeFile(file, bytes);
    await uploads.putSource(recordingId, file);
    await expect(readFile(file)).rejects.toThrow(/ENOENT/);
    expect(await uploads.storedBytes(recordingId)).toBe(bytes.length);
    expect(await uploads.heldBytes(recordingId)).toBe(bytes.length);
    const local = await uploads.localSource(recordingId, join(root, 'rec'));
    expect((await readFile(local!)).equals(bytes)).toBe(true);
  });
});

import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from '../config.ts';
import { type ByteRange, contentTypeOf, type MediaStorage, type StoredFile, safeKey } from './storage.ts';

/** Parts of a file put through lib-storage: its multipart upload above this size, in parts this big. */
export const PART_BYTES = 8 * 1024 * 1024;
/** Parts in flight per file being put: two keep s3rver and the server busy (bench/uploads.ts measured the
 * same throughput as four) with half the part buffers held. */
const PART_QUEUE = 2;
/** Waits between the tries of a put whose body can be opened again (putReplayable): about 30 s in
 * all, so a bucket unreachable for a while (restarted, a network blip) costs a transcode or a
 * recording nothing but the wait (docs/operations.md "The bucket unreachable"). */
const PUT_RETRY_MS = [250, 500, 1000, 2000, 4000, 8000, 8000, 8000];
/** S3's limit for one PutObject. */
const SINGLE_PUT_BYTES = 5 * 1024 * 1024 * 1024;

/** The S3 client of a storage configuration; credentials come from the SDK's own chain. */
export function s3Client(config: StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    // No extra CRC32 of every byte put and got (computed in JavaScript: it tripled the server's CPU per
    // upload in bench/uploads.ts); S3 checks each part's MD5/SHA-256 signature as it always did.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function missing(error: unknown): boolean {
  if (error instanceof NoSuchKey) return true;
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}

function rangeNotSatisfiable(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'InvalidRange' || error.$metadata.httpStatusCode === 416)
  );
}

/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, Ceph RGW, R2, B2) through the AWS SDK v3. Keys are
 * the disk backend's relative paths under `keyPrefix` (e.g. `media/`). A directory put is its files put
 * one by one, then the keys of the old set that the new one lacks removed: unlike the disk's rename,
 * a reader may meet a mixture for a moment, which a VOD never shows (a new transcode writes new names).
 */
export class S3Storage implements MediaStorage {
  readonly remote = true;

  constructor(
    readonly client: S3Client,
    private readonly config: StorageConfig,
    private readonly keyPrefix: string,
    private readonly scratchRoot: string,
  ) {}

  private key(key: string): string {
    return `${this.keyPrefix}${safeKey(key).split(sep).join('/')}`;
  }

  private get bucket(): string {
    return this.config.bucket;
  }

  async scratchDir(): Promise<string> {
    const dir = join(this.scratchRoot, randomUUID());
    await mkdir(dir, { recursive: true });
    return dir;
  }

  async putBytes(key: string, data: Buffer | string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.key(key),
        Body: data,
        // Given, not measured by the SDK: an empty body (a recording's mark) would go without one.
        ContentLength: Buffer.byteLength(data),
        ContentType: contentTypeOf(key),
      }),
    );
  }

  /** Streams `body` to `key` (multipart above PART_BYTES, parts in parallel, bounded memory). */
  async putStream(key: string, body: Readable): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.key(key), Body: body, ContentType: contentTypeOf(key) },
      partSize: PART_BYTES,
      queueSize: PART_QUEUE,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  /**
   * Streams exactly `length` bytes of `body` to `key` in one PutObject of known Content-Length: no part
   * buffers (the bytes flow from `body` to the socket under backpressure) and no payload hash (a stream
   * is signed as UNSIGNED-PAYLOAD; the service checks the length). Nothing is stored unless it resolves:
   * `signal` aborts the request, which a body ending short of `length` must do too. Never retried (a
   * stream cannot be replayed): the caller's client sends the bytes again. S3 takes up to 5 GiB this way.
   */
  async putExact(key: string, body: Readable, length: number, signal?: AbortSignal): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.key(key),
        Body: body,
        ContentLength: length,
        ContentType: contentTypeOf(key),
      }),
      signal ? { abortSignal: signal } : {},
    );
  }

  async putFile(key: string, localPath: string): Promise<void> {
    await this.putLocal(key, localPath);
    await rm(localPath, { force: true });
  }

  /**
   * A local file of known size: one streamed PutObject of that length (no part buffers), retried from
   * the file. Above S3's 5 GiB single-put limit, lib-storage's multipart Upload.
   */
  private async putLocal(key: string, localPath: string): Promise<void> {
    const { size } = await stat(localPath);
    if (size > SINGLE_PUT_BYTES) return this.putStream(key, createReadStream(localPath));
    await this.putReplayable(key, () => createReadStream(localPath), size);
  }

  /**
   * putExact of a body that can be opened again (a file, a buffer), tried again after each PUT_RETRY_MS: the
   * SDK does not retry a stream body, and the caller would otherwise send everything again.
   */
  async putReplayable(key: string, body: () => Readable, length: number): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.putExact(key, body(), length);
      } catch (error) {
        if (attempt > PUT_RETRY_MS.length) throw error;
        await new Promise((resolve) => setTimeout(resolve, PUT_RETRY_MS[attempt - 1]));
      }
    }
  }

  async putDirectory(prefix: string, localDir: string): Promise<void> {
    const before = await this.list(prefix);
    const entries = await readdir(localDir, { recursive: true, withFileTypes: true });
    const put = new Set<string>();
    const files = entries.filter((entry) => entry.isFile());
    // A few files at once: renditions are many small segments.
    for (let i = 0; i < files.length; i += 8) {
      await Promise.all(
        files.slice(i, i + 8).map(async (entry) => {
          const path = join(entry.parentPath, entry.name);
          const key = `${prefix}/${relative(localDir, path).split(sep).join('/')}`;
          put.add(this.key(key));
          await this.putLocal(key, path);
        }),
      );
    }
    const stale = before.filter((file) => !put.has(this.key(file.key))).map((file) => file.key);
    await this.removeKeys(stale);
    await rm(localDir, { recursive: true, force: true });
  }

  async open(key: string, range?: ByteRange): Promise<StoredFile | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.key(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
        }),
      );
      const size = Number(answer.ContentLength ?? 0);
      const total = answer.ContentRange ? Number(answer.ContentRange.split('/')[1]) : size;
      if (range && range.start >= total) {
        (answer.Body as Readable).destroy();
        return null;
      }
      return { stream: answer.Body as Readable, size, total, start: range?.start ?? 0 };
    } catch (error) {
      if (missing(error) || rangeNotSatisfiable(error)) return null;
      throw error;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    const file = await this.open(key);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
      return true;
    } catch (error) {
      if (missing(error)) return false;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.removeKeys([key]);
  }

  async removePrefix(prefix: string): Promise<void> {
    await this.removeKeys((await this.list(prefix)).map((file) => file.key));
  }

  /** Deletes keys (storage-relative), a thousand per request. */
  private async removeKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: keys.slice(i, i + 1000).map((key) => ({ Key: this.key(key) })), Quiet: true },
        }),
      );
    }
  }

  async list(prefix: string): Promise<{ key: string; size: number }[]> {
    const out: { key: string; size: number }[] = [];
    const base = this.key(prefix);
    // `a/b` lists `a/b/…` (a folder), never `a/bc`.
    const folder = base.endsWith('/') ? base : `${base}/`;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: folder, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) out.push({ key: item.Key.slice(this.keyPrefix.length), size: Number(item.Size ?? 0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  async usedBytes(prefix: string): Promise<number> {
    return (await this.list(prefix)).reduce((sum, file) => sum + file.size, 0);
  }

  async deliveryUrl(key: string): Promise<string | null> {
    const { delivery, cdnUrl, presignedSeconds } = this.config;
    if (delivery === 'cdn' && cdnUrl) return `${cdnUrl}/${this.key(key)}`;
    if (delivery !== 'presigned') return null;
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: this.key(key) }), {
      expiresIn: presignedSeconds,
    });
  }
}

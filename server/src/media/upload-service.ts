import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import {
  findUpload,
  releaseAllLeases,
  releaseLease,
  renewLease,
  tryAcquireLease,
  type UploadState,
} from '../db/repositories/video-uploads.ts';
import type { Db } from '../db/schema.ts';
import { ApiError } from '../lib/errors.ts';
import type { UploadStore } from './upload-files.ts';

/** Largest chunk (SPEC §9's biggest chunk size). */
export const MAX_CHUNK_BYTES = 128 * 1024 * 1024;
/** Room for the multipart envelope around a chunk (boundaries, part headers, other small fields). */
export const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

const LEASE_SECONDS = 20;
const HEARTBEAT_MS = 5_000;
const WAIT_FOR_LEASE_MS = 30_000;

export interface ContentRange {
  start: number;
  end: number;
  total: number;
}

/** `bytes <start>-<end>/<total>` (inclusive end); null when absent; throws 400 when malformed. */
export function parseContentRange(header: string | string[] | undefined): ContentRange | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header.join(',') : header;
  // A 0-byte file has no byte range to send (`bytes 0--1/0`, `bytes */0`): said as what it is, an empty
  // file, not as a malformed header (docs/uploads.md "Empty files").
  if (/^\s*bytes\s+\S*\/0+\s*$/i.test(value)) throw new ApiError(400, 'uploadEmpty');
  const match = /^\s*bytes\s+(\d{1,15})-(\d{1,15})\/(\d{1,15})\s*$/i.exec(value);
  if (!match) throw new ApiError(400, 'contentRangeInvalid');
  const [start, end, total] = match.slice(1).map(Number) as [number, number, number];
  if (end < start || end >= total) throw new ApiError(400, 'contentRangeInvalid');
  return { start, end, total };
}

/**
 * The durable state of uploads and the lease that lets one request at a time write a video's file.
 * The database holds the truth (offset of fsync'd bytes, completion); the disk can only lower it.
 */
export class UploadService {
  private readonly local = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Db,
    readonly store: UploadStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** At start, on an embedded database: leases left by a killed process of this data dir. */
  async releaseStaleLeases(): Promise<void> {
    await releaseAllLeases(this.db);
  }

  /**
   * What the server really holds: min(DB offset, bytes in the store). Needs no lease: it only reads.
   * After a crash between the rename and the commit, the completed file still counts as the part.
   */
  async state(videoId: string): Promise<UploadState | undefined> {
    const row = await findUpload(this.db, videoId);
    if (!row) return undefined;
    if (row.complete) return row;
    return { ...row, offset: Math.min(row.offset, await this.store.storedBytes(videoId)) };
  }

  /**
   * Runs `task` while holding the video's upload: first in this process (no polling), then in the
   * database (a lease renewed while the task runs), so requests from any instance never interleave.
   */
  async withLease<T>(videoId: string, task: (token: string) => Promise<T>): Promise<T> {
    const previous = this.local.get(videoId) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const chain = previous.then(() => mine);
    this.local.set(videoId, chain);
    await previous;
    try {
      return await this.withDbLease(videoId, task);
    } finally {
      release();
      if (this.local.get(videoId) === chain) this.local.delete(videoId);
    }
  }

  private async withDbLease<T>(videoId: string, task: (token: string) => Promise<T>): Promise<T> {
    const token = randomUUID();
    const deadline = Date.now() + WAIT_FOR_LEASE_MS;
    while (!(await tryAcquireLease(this.db, videoId, token, LEASE_SECONDS))) {
      if (!(await findUpload(this.db, videoId))) throw new ApiError(404, 'videoNotFound');
      if (Date.now() > deadline) throw new ApiError(503, 'uploadBusy', { headers: { 'retry-after': '5' } });
      await sleep(200);
    }
    const heartbeat = setInterval(() => {
      renewLease(this.db, videoId, token, LEASE_SECONDS).catch((error: unknown) =>
        this.log.warn({ err: error, videoId }, 'could not renew an upload lease'),
      );
    }, HEARTBEAT_MS);
    try {
      return await task(token);
    } finally {
      clearInterval(heartbeat);
      await releaseLease(this.db, videoId, token).catch((error: unknown) =>
        this.log.warn({ err: error, videoId }, 'could not release an upload lease'),
      );
    }
  }
}

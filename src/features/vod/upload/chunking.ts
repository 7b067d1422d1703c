/** Sizes and ranges of the chunked upload (SPEC §4 "Chunked upload", §9; docs/api-videos.md). */

export const MiB = 1024 * 1024;
export const GiB = 1024 * MiB;
/** The largest chunk the server accepts (a bigger one answers 413 before its body is read). */
export const MAX_CHUNK_BYTES = 128 * MiB;

/**
 * SPEC §9: 16 MB by default and for files under 256 MB, 32 MB from 256 MB to under 512 MB, 64 MB from
 * 512 MB to under 1 GB, 128 MB from 1 GB. "MB" is read as MiB, like the server (docs/api-videos.md).
 */
export function chunkSizeFor(fileSize: number): number {
  if (fileSize < 256 * MiB) return 16 * MiB;
  if (fileSize < 512 * MiB) return 32 * MiB;
  if (fileSize < GiB) return 64 * MiB;
  return 128 * MiB;
}

/** localStorage key of the test-only chunk size override (docs/uploads.md); never set in normal use. */
export const CHUNK_OVERRIDE_KEY = 'palco-upload-chunk-bytes';

/** The override, when it is a whole number of bytes between 1 and the server's maximum. */
export function parseChunkOverride(raw: string | null | undefined): number | undefined {
  if (!raw || !/^\d+$/.test(raw.trim())) return undefined;
  const n = Number(raw.trim());
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_CHUNK_BYTES ? n : undefined;
}

/** The chunk size to use for a file: the override (tests) or the SPEC §9 size. */
export function effectiveChunkSize(fileSize: number, override?: number): number {
  return override ?? chunkSizeFor(fileSize);
}

export interface ChunkRange {
  /** First byte (inclusive). */
  start: number;
  /** Last byte (inclusive), as Content-Range writes it. */
  end: number;
  length: number;
}

/** The next chunk to send from `offset` (the server's next wanted byte), or null when nothing is left. */
export function nextChunk(offset: number, fileSize: number, chunkSize: number): ChunkRange | null {
  if (chunkSize < 1) throw new RangeError('chunk size must be positive');
  const start = Math.max(0, Math.floor(offset));
  if (start >= fileSize) return null;
  const end = Math.min(start + chunkSize, fileSize) - 1;
  return { start, end, length: end - start + 1 };
}

/** Every chunk still to send from `offset`: only the bytes the server has not stored. */
export function planChunks(offset: number, fileSize: number, chunkSize: number): ChunkRange[] {
  const plan: ChunkRange[] = [];
  for (let c = nextChunk(offset, fileSize, chunkSize); c; c = nextChunk(c.end + 1, fileSize, chunkSize)) {
    plan.push(c);
  }
  return plan;
}

/** `Content-Range: bytes <start>-<end>/<total>`. */
export function contentRange(chunk: Pick<ChunkRange, 'start' | 'end'>, total: number): string {
  return `bytes ${chunk.start}-${chunk.end}/${total}`;
}

/** Whole percent of the file the server holds (100 only when every byte is there). */
export function percentOf(offset: number, fileSize: number): number {
  if (fileSize <= 0) return 0;
  if (offset >= fileSize) return 100;
  return Math.min(99, Math.floor((Math.max(0, offset) / fileSize) * 100));
}

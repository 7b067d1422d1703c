import { describe, expect, it } from 'vitest';
import {
  chunkSizeFor,
  contentRange,
  effectiveChunkSize,
  GiB,
  MAX_CHUNK_BYTES,
  MiB,
  nextChunk,
  parseChunkOverride,
  percentOf,
  planChunks,
} from '../upload/chunking';

describe('chunk size by file size (SPEC §9)', () => {
  it.each([
    [0, 16],
    [1, 16],
    [100 * MiB, 16],
    [256 * MiB - 1, 16],
    [256 * MiB, 32],
    [256 * MiB + 1, 32],
    [512 * MiB - 1, 32],
    [512 * MiB, 64],
    [GiB - 1, 64],
    [GiB, 128],
    [GiB + 1, 128],
    [64 * GiB, 128],
  ])('a file of %d bytes goes in %d MiB chunks', (size, mib) => {
    expect(chunkSizeFor(size)).toBe(mib * MiB);
  });

  it('never exceeds what the server accepts', () => {
    expect(chunkSizeFor(1000 * GiB)).toBe(MAX_CHUNK_BYTES);
  });
});

describe('the test-only chunk size override', () => {
  it('accepts a whole number of bytes up to the server maximum', () => {
    expect(parseChunkOverride('524288')).toBe(524288);
    expect(parseChunkOverride(' 1 ')).toBe(1);
    expect(parseChunkOverride(String(MAX_CHUNK_BYTES))).toBe(MAX_CHUNK_BYTES);
  });
  it.each([null, undefined, '', '0', '-5', '1.5', 'abc', '1e6', String(MAX_CHUNK_BYTES + 1)])(
    'ignores %j',
    (raw) => {
      expect(parseChunkOverride(raw)).toBeUndefined();
    },
  );
  it('replaces the SPEC size only when set', () => {
    expect(effectiveChunkSize(GiB, 1000)).toBe(1000);
    expect(effectiveChunkSize(GiB)).toBe(128 * MiB);
  });
});

describe('chunk plan from an offset', () => {
  it('covers the file from 0 in whole chunks and a shorter last one', () => {
    expect(planChunks(0, 10, 4)).toEqual([
      { start: 0, end: 3, length: 4 },
      { start: 4, end: 7, length: 4 },
      { start: 8, end: 9, length: 2 },
    ]);
  });
  it('resumes from the server offset, mid-chunk included, sending only what it lacks', () => {
    const plan = planChunks(5, 10, 4);
    expect(plan).toEqual([
      { start: 5, end: 8, length: 4 },
      { start: 9, end: 9, length: 1 },
    ]);
    expect(plan.reduce((n, c) => n + c.length, 0)).toBe(5);
  });
  it('is empty when the server has every byte', () => {
    expect(planChunks(10, 10, 4)).toEqual([]);
    expect(nextChunk(12, 10, 4)).toBeNull();
  });
  it('a file exactly a multiple of the chunk size has no empty last chunk', () => {
    const plan = planChunks(0, 32 * MiB, 16 * MiB);
    expect(plan).toHaveLength(2);
    expect(plan[1]).toEqual({ start: 16 * MiB, end: 32 * MiB - 1, length: 16 * MiB });
  });
  it('writes Content-Range with an inclusive end', () => {
    expect(contentRange({ start: 0, end: 16 * MiB - 1 }, 20 * MiB)).toBe('bytes 0-16777215/20971520');
  });
  it('rejects a zero chunk size', () => {
    expect(() => nextChunk(0, 10, 0)).toThrow(RangeError);
  });
});

describe('percent', () => {
  it('is 100 only once every byte is stored', () => {
    expect(percentOf(0, 100)).toBe(0);
    expect(percentOf(50, 100)).toBe(50);
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
  });
});

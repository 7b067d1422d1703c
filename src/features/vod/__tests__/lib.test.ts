import { describe, expect, it } from 'vitest';
import type { ProgressItem } from '../api/structs';
import { formatBytes, titleFromFileName } from '../lib/format';
import { checkImage, imageProblem, MAX_IMAGE_BYTES, sniffImage } from '../lib/image-rules';
import { anyInProgress, contentErrorKind, PROCESSING_LIMIT, processingRows } from '../lib/processing';
import { libraryScope, validateVodSearch } from '../lib/search';
import type { UploadItem } from '../upload/status';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0];
const WEBP = [0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50];
const GIF = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0, 0, 0, 0, 0];

describe('image rules (SPEC §5)', () => {
  it('recognises PNG, JPEG and WebP by their first bytes', () => {
    expect(sniffImage(Uint8Array.from(PNG))).toBe('png');
    expect(sniffImage(Uint8Array.from(JPEG))).toBe('jpeg');
    expect(sniffImage(Uint8Array.from(WEBP))).toBe('webp');
    expect(sniffImage(Uint8Array.from(GIF))).toBeNull();
    expect(sniffImage(new Uint8Array(2))).toBeNull();
  });
  it('10 MB is allowed, one byte more is not; size is checked first', () => {
    expect(imageProblem(MAX_IMAGE_BYTES, Uint8Array.from(PNG))).toBeNull();
    expect(imageProblem(MAX_IMAGE_BYTES + 1, Uint8Array.from(PNG))).toBe('too-large');
    expect(imageProblem(MAX_IMAGE_BYTES + 1, Uint8Array.from(GIF))).toBe('too-large');
    expect(imageProblem(100, Uint8Array.from(GIF))).toBe('bad-format');
    expect(imageProblem(0, new Uint8Array())).toBe('bad-format');
  });
  it('judges a file by its content, not its name or type', async () => {
    expect(await checkImage(new File([Uint8Array.from(GIF)], 'foto.png', { type: 'image/png' }))).toBe(
      'bad-format',
    );
    expect(await checkImage(new File([Uint8Array.from(JPEG)], 'foto.txt'))).toBeNull();
  });
});

describe('formatting', () => {
  it('bytes', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(1536 * 1024, 'pt-BR')).toBe('1,5 MB');
  });
  it('a content title comes from the file name', () => {
    expect(titleFromFileName('Aula 1.mp4')).toBe('Aula 1');
    expect(titleFromFileName('a.b.mov')).toBe('a.b');
    expect(titleFromFileName('semextensao')).toBe('semextensao');
    expect(titleFromFileName(`${'x'.repeat(300)}.mp4`)).toHaveLength(200);
  });
});

describe('the VOD URL', () => {
  it('keeps well-formed values only', () => {
    expect(
      validateVodSearch({ folder: 'A0000000-0000-4000-8000-000000000002', q: ' aula ', page: '3' }),
    ).toEqual({ folder: 'a0000000-0000-4000-8000-000000000002', q: 'aula', page: 3 });
    expect(validateVodSearch({ folder: 'x', q: '   ', page: 0 })).toEqual({});
    expect(validateVodSearch({ page: 1 })).toEqual({});
    // A video to open (the link of a live's recording): a UUID, or nothing.
    expect(validateVodSearch({ videoId: 'B0000000-0000-4000-8000-00000000000A' })).toEqual({
      videoId: 'b0000000-0000-4000-8000-00000000000a',
    });
    expect(validateVodSearch({ videoId: '../x' })).toEqual({});
  });
});

const upload = (id: string, patch: Partial<UploadItem> = {}): UploadItem => ({
  id,
  videoId: id,
  accountId: 'a',
  userId: 'u',
  name: `${id}.mp4`,
  size: 10,
  type: '',
  lastModified: 0,
  offset: 0,
  attempts: 0,
  status: 'uploading',
  progress: 40,
  fileStored: true,
  createdAt: 0,
  ...patch,
});
const server = (videoId: string, patch: Partial<ProgressItem> = {}): ProgressItem => ({
  videoId,
  title: videoId,
  type: 'transcode',
  status: 'processing',
  progress: 10,
  ...patch,
});

describe('what the library lists', () => {
  const F = '0b7f6c52-8f0a-4a39-9d8e-4a3f1e1c2d3e';
  it("lists a folder's own contents, narrowed by a search inside it", () => {
    expect(libraryScope(F, undefined)).toEqual({ parentId: F, directoryId: F, search: undefined });
    expect(libraryScope(F, 'aula')).toEqual({ parentId: F, directoryId: F, search: 'aula' });
  });
  it('lists the top level, and searches the whole library from there', () => {
    expect(libraryScope(null, undefined)).toEqual({ parentId: null, directoryId: 'root', search: undefined });
    expect(libraryScope(null, '  ')).toEqual({ parentId: null, directoryId: 'root', search: undefined });
    expect(libraryScope(null, ' física ')).toEqual({
      parentId: 'all',
      directoryId: undefined,
      search: 'física',
    });
  });
});

describe('the processing modal rows (SPEC §2.6, §9)', () => {
  it('lists this browser’s uploads and the server’s transcodes, without a running upload twice', () => {
    const rows = processingRows(
      [upload('a'), upload('b', { status: 'done', progress: 100 })],
      [server('a', { type: 'upload', status: 'uploading' }), server('b'), server('c', { type: 'upload' })],
    );
    expect(rows.map((r) => r.key)).toEqual(['u:a', 'u:b', 't:b', 't:c']);
  });
  it('an item is done at 100 percent', () => {
    const [row] = processingRows([], [server('x', { progress: 100, status: 'processing' })]);
    expect(row).toMatchObject({ status: 'done' });
    expect(anyInProgress([row!])).toBe(false);
    expect(anyInProgress(processingRows([], [server('y', { progress: 99 })]))).toBe(true);
  });
  it('monitors at most 100 contents', () => {
    const many = Array.from({ length: 150 }, (_, i) => server(`v${i}`));
    expect(processingRows([upload('u')], many)).toHaveLength(PROCESSING_LIMIT);
  });
  it('SPEC §8 message: one failure or several', () => {
    expect(contentErrorKind(0)).toBeNull();
    expect(contentErrorKind(1)).toBe('one');
    expect(contentErrorKind(3)).toBe('several');
  });
});

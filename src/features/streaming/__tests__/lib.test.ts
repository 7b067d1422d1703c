import { describe, expect, it } from 'vitest';
import { checkImage, MAX_IMAGE_BYTES, MAX_STUDIO_BACKGROUND_BYTES, sniffImage } from '../lib/images';
import { guestUrl, iframeSnippet, playerUrl, previewPath, spectatorUrl, studioUrl } from '../lib/links';
import { libraryQuery, nextSort, validateLibrarySearch } from '../lib/search';
import { mixedLiveResolutions, overFpsLimit, videoLabel } from '../lib/signal-video';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0];

describe('banner images (SPEC §5)', () => {
  it('recognises PNG, JPEG and WebP by content', () => {
    expect(sniffImage(new Uint8Array(PNG))).toBe('image/png');
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImage(new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]))).toBe(
      'image/webp',
    );
    expect(sniffImage(new TextEncoder().encode('GIF89a......'))).toBeNull();
  });
  it('refuses a big file and a non-image, whatever its name', async () => {
    const big = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'capa.png', { type: 'image/png' });
    expect((await checkImage(big))?.message).toBe('Tamanho da imagem excedeu limite de 10MB!');
    const fake = new File(['not an image'], 'capa.png', { type: 'image/png' });
    expect((await checkImage(fake))?.message).toBe('O formato da imagem é inválido!');
    const ok = new File([new Uint8Array(PNG)], 'whatever.bin');
    expect(await checkImage(ok)).toBeUndefined();
  });
  it('takes a studio background up to 30 MB (the general settings hint), a banner up to 10 MB', async () => {
    const png = (size: number) =>
      new File([new Uint8Array(PNG), new Uint8Array(size - PNG.length)], 'fundo.png', { type: 'image/png' });
    expect(await checkImage(png(MAX_IMAGE_BYTES + 1), 'studioBackground')).toBeUndefined();
    expect(await checkImage(png(MAX_STUDIO_BACKGROUND_BYTES), 'studioBackground')).toBeUndefined();
    expect((await checkImage(png(MAX_STUDIO_BACKGROUND_BYTES + 1), 'studioBackground'))?.message).toBe(
      'Tamanho da imagem excedeu limite de 30MB!',
    );
    expect((await checkImage(png(MAX_IMAGE_BYTES + 1), 'pauseScreen'))?.message).toBe(
      'Tamanho da imagem excedeu limite de 10MB!',
    );
  });
});

describe('library URL', () => {
  it('keeps valid values, drops defaults and junk', () => {
    expect(validateLibrarySearch({ tab: 'live', page: '3', q: ' aula ', sort: 'name,asc' })).toEqual({
      tab: 'live',
      page: 3,
      q: 'aula',
      sort: 'name,asc',
    });
    expect(validateLibrarySearch({ tab: 'all', page: '1', q: '', sort: 'date,desc' })).toEqual({
      tab: undefined,
      page: undefined,
      q: undefined,
      sort: undefined,
    });
    expect(validateLibrarySearch({ tab: 'x', page: '-2', sort: 'drop table' })).toEqual({
      tab: undefined,
      page: undefined,
      q: undefined,
      sort: undefined,
    });
  });
  it('maps tabs to the list query (never finished streams, 10 a page)', () => {
    expect(libraryQuery({})).toEqual({
      sort: 'date,desc',
      page: 1,
      limit: 10,
      title: undefined,
      status: undefined,
      shutdown: false,
    });
    expect(libraryQuery({ tab: 'scheduled', page: 2, q: 'x' })).toMatchObject({
      status: 'scheduled',
      page: 2,
      title: 'x',
    });
    // A paused live is on air: the Live tab lists it too.
    expect(libraryQuery({ tab: 'live' }).status).toBe('live,paused');
  });
  it('header clicks toggle the sort', () => {
    expect(nextSort(undefined, 'name')).toBe('name,asc');
    expect(nextSort('name,asc', 'name')).toBe('name,desc');
    expect(nextSort('name,desc', 'date')).toBeUndefined();
    expect(nextSort(undefined, 'date')).toBe('date,asc');
  });
});

describe('links', () => {
  it('signal 1 plays its playlist (a), any other signal its own (b)', () => {
    const live = 'f0000000-0000-4000-8000-000000000004';
    const first = previewPath(live, 's1');
    expect(first).toBe(`/v1/live-streams/${live}/signals/s1/preview`);
    expect(previewPath(live, 's2')).toBe(`/v1/live-streams/${live}/signals/s2/preview`);
    expect(previewPath(live, 's2')).not.toBe(first);
    expect(previewPath('a/b', 'c?d')).toBe('/v1/live-streams/a%2Fb/signals/c%3Fd/preview');
  });
  it('the iframe snippet embeds the player and escapes the title', () => {
    const s = iframeSnippet(
      'https://tv.example.com/',
      'f0000000-0000-4000-8000-000000000001',
      'Show "A" & <B>',
    );
    // The player is the API server's own embed page, at its public address (PUBLIC_URL).
    expect(s).toMatch(
      /^<iframe src="https:\/\/tv\.example\.com\/embed\/f0000000-0000-4000-8000-000000000001"/,
    );
    expect(s).toContain('title="Show &quot;A&quot; &amp; &lt;B>"');
    expect(s).toContain('allowfullscreen');
  });
  it('links the player at PUBLIC_URL, the studio and its guest link on this server, the viewers’ page', () => {
    expect(playerUrl('http://127.0.0.1:8080', 'a/b')).toBe('http://127.0.0.1:8080/embed/a%2Fb');
    expect(studioUrl('https://tv.test', 'a/b')).toBe('https://tv.test/studio/a%2Fb');
    expect(guestUrl('https://tv.test', '/studio/x/guest?t=abc')).toBe('https://tv.test/studio/x/guest?t=abc');
    expect(spectatorUrl('https://tv.test', 'x')).toBe('https://tv.test/classroom?liveId=x');
  });
});

describe('what a signal receives (SPEC §8, §9)', () => {
  const on = (width: number | null, height: number | null, fps: number | null) => ({
    publishing: true,
    width,
    height,
    fps,
  });
  const off = { publishing: false, width: null, height: null, fps: null };
  it('labels the size and frame rate known so far', () => {
    expect(videoLabel(on(1280, 720, 30), 'pt-BR')).toBe('1280×720 · 30 fps');
    expect(videoLabel(on(1920, 1080, 29.97), 'pt-BR')).toBe('1920×1080 · 29,97 fps');
    expect(videoLabel(on(1920, 1080, 29.97), 'en')).toBe('1920×1080 · 29.97 fps');
    expect(videoLabel(on(640, 360, null), 'en')).toBe('640×360');
    expect(videoLabel(on(null, null, null), 'en')).toBe('');
    expect(videoLabel(off, 'en')).toBe('');
  });
  it('warns when publishing signals differ in resolution, or one is over 30 fps', () => {
    expect(mixedLiveResolutions([on(1280, 720, 30), on(1920, 1080, 30)])).toBe(true);
    expect(mixedLiveResolutions([on(1280, 720, 30), on(1280, 720, 60)])).toBe(false);
    expect(mixedLiveResolutions([on(1280, 720, 30), on(null, null, null), off])).toBe(false);
    expect(mixedLiveResolutions([on(1280, 720, 30)])).toBe(false);
    expect(overFpsLimit(on(1280, 720, 30))).toBe(false);
    expect(overFpsLimit(on(1280, 720, 30.01))).toBe(true);
    expect(overFpsLimit(on(1280, 720, 50))).toBe(true);
    expect(overFpsLimit(on(1280, 720, null))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { clampSeek, keyAction } from '../keys';
import { latencyConfig } from '../player';
import { formatStart, screenOf } from '../screen';
import { declaredRenditions, ladderGrew, qualityOptions } from '../tracks';
import { playbackInfo } from './fixture';

describe('what the player shows', () => {
  it('plays a live on air, and waits (thumbnail) while its media is not there yet', () => {
    expect(screenOf(playbackInfo())).toEqual({
      kind: 'play',
      manifestUrl: playbackInfo().manifestUrl,
    });
    expect(screenOf(playbackInfo({ manifestUrl: null }))).toEqual({ kind: 'waiting', image: '/t.jpg' });
  });

  it('plays an ultra-low live over WHEP before its HLS fallback has media', () => {
    expect(screenOf(playbackInfo({ manifestUrl: null, whepUrl: '/whep/live/l1/t' }))).toEqual({
      kind: 'play',
      manifestUrl: null,
    });
    // Not once it has ended: its WHEP address is gone with its publish.
    expect(screenOf(playbackInfo({ status: 'finished', manifestUrl: null, whepUrl: null }))).toMatchObject({
      kind: 'finished',
    });
  });

  it('shows the banner of each state, the thumbnail when that banner is missing', () => {
    const noBanners = { thumbnail: '/t.jpg', startSoonScreen: null, pauseScreen: null, endingScreen: null };
    expect(screenOf(playbackInfo({ status: 'scheduled', manifestUrl: null }))).toEqual({
      kind: 'scheduled',
      image: '/s.jpg',
      startsAt: '2026-11-25T18:30:00.000Z',
    });
    expect(screenOf(playbackInfo({ status: 'paused', manifestUrl: null }))).toEqual({
      kind: 'paused',
      image: '/p.jpg',
    });
    expect(screenOf(playbackInfo({ status: 'finished', manifestUrl: null }))).toEqual({
      kind: 'finished',
      image: '/e.jpg',
    });
    expect(screenOf(playbackInfo({ status: 'paused', banners: noBanners }))).toEqual({
      kind: 'paused',
      image: '/t.jpg',
    });
  });

  it('plays the recording of a finished live once live-to-VOD made it', () => {
    expect(screenOf(playbackInfo({ status: 'finished', manifestUrl: null, recordingVideoId: 'v9' }))).toEqual(
      {
        kind: 'recording',
        videoId: 'v9',
      },
    );
  });

  it("writes the scheduled start in the viewer's language and time zone", () => {
    const at = '2026-11-25T18:30:00.000Z';
    expect(formatStart(at, 'pt-BR', 'America/Sao_Paulo')).toBe('25 de novembro de 2026 às 15:30');
    expect(formatStart(at, 'en-US', 'UTC')).toBe('November 25, 2026 at 6:30 PM');
  });
});

describe('the keyboard and the quality menu', () => {
  it('maps the keys of SPEC §2.8 and leaves the rest to the browser', () => {
    expect(keyAction({ key: 'ArrowLeft' })).toEqual({ kind: 'seek', by: -5 });
    expect(keyAction({ key: 'ArrowRight' })).toEqual({ kind: 'seek', by: 5 });
    expect(keyAction({ key: 'm' })).toEqual({ kind: 'mute' });
    expect(keyAction({ key: ' ' })).toEqual({ kind: 'toggle' });
    expect(keyAction({ key: 'f' })).toEqual({ kind: 'fullscreen' });
    expect(keyAction({ key: 'r', ctrlKey: true })).toBeNull();
    expect(keyAction({ key: 'ArrowLeft', altKey: true })).toBeNull();
    expect(keyAction({ key: 'Tab' })).toBeNull();
  });

  it('keeps a seek inside what can be played (the live edge without DVR)', () => {
    expect(clampSeek(95, { start: 0, end: 100 })).toBe(95);
    expect(clampSeek(105, { start: 0, end: 100 })).toBe(100);
    expect(clampSeek(-5, { start: 0, end: 100 })).toBe(0);
    expect(clampSeek(40, { start: 98, end: 100 })).toBe(98);
  });

  it('offers auto, one entry a height (best first) and the audio-only rendition last', () => {
    const tracks = [
      { id: 1, active: true, bandwidth: 800_000, height: 360, videoCodec: 'avc1' },
      { id: 2, active: false, bandwidth: 3_000_000, height: 1080, videoCodec: 'avc1' },
      { id: 3, active: false, bandwidth: 900_000, height: 360, videoCodec: 'avc1' },
      { id: 4, active: false, bandwidth: 96_000, height: null, videoCodec: null, videoId: null },
    ];
    expect(qualityOptions(tracks)).toEqual([
      { value: 'auto', height: null },
      { value: '2', height: 1080 },
      { value: '3', height: 360 },
      { value: '4', height: null },
    ]);
  });
});

// docs/playback.md "Quality menu": the menu and the reported rendition follow what plays.
describe('the quality menu follows what plays', () => {
  it('names the active rendition by the picture when the manifest said another height', () => {
    // The live's ladder as first read: its 720-line rendition declared at 360 lines, nothing else.
    const first = [{ id: 7, active: true, bandwidth: 2_500_000, height: 360, videoCodec: 'avc1' }];
    expect(qualityOptions(first, 720)).toEqual([
      { value: 'auto', height: null },
      { value: '7', height: 720 },
    ]);
    // Mid-switch (the picture still at the other rung's height): each keeps its declared height.
    const ladder = [
      { id: 1, active: true, bandwidth: 2_500_000, height: 720, videoCodec: 'avc1' },
      { id: 2, active: false, bandwidth: 730_000, height: 360, videoCodec: 'avc1' },
    ];
    expect(qualityOptions(ladder, 360).map((o) => o.height)).toEqual([null, 720, 360]);
    expect(qualityOptions(ladder, 0).map((o) => o.height)).toEqual([null, 720, 360]);
  });

  it('tells when the master lists more renditions than the player read', () => {
    const master = [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-STREAM-INF:BANDWIDTH=2500000,RESOLUTION=1280x720',
      'src/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=730000,RESOLUTION=640x360',
      'low/index.m3u8',
    ].join('\n');
    expect(declaredRenditions(master)).toBe(2);
    const one = [{ id: 1, active: true, bandwidth: 730_000, height: 360, videoCodec: 'avc1' }];
    expect(ladderGrew(master, one)).toBe(true);
    const both = [...one, { id: 2, active: false, bandwidth: 2_500_000, height: 720, videoCodec: 'avc1' }];
    expect(ladderGrew(master, both)).toBe(false);
    expect(ladderGrew('#EXTM3U\n', both)).toBe(false);
  });
});

describe('latency', () => {
  it("configures shaka with the live's packaging targets, nothing for a VOD", () => {
    const low = { segmentSeconds: 1, liveDelaySeconds: 3, lowLatencyMode: true };
    expect(latencyConfig({ kind: 'live', latencyTargets: low })).toEqual({
      manifest: { defaultPresentationDelay: 3 },
      streaming: { lowLatencyMode: true },
    });
    expect(latencyConfig({ kind: 'vod', latencyTargets: null })).toEqual({});
  });
});

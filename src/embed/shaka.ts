import type { VariantTrack } from './tracks';

/** The part of shaka's API the player uses (its bundled types are closure namespace output). */
export interface TextTrack {
  id: number;
  language: string;
  label: string | null;
  active: boolean;
}
export interface ShakaPlayer {
  attach(video: HTMLMediaElement): Promise<void>;
  load(uri: string, startTime?: number | null, mimeType?: string): Promise<void>;
  destroy(): Promise<void>;
  configure(config: object): boolean;
  isLive(): boolean;
  seekRange(): { start: number; end: number };
  getVariantTracks(): VariantTrack[];
  selectVariantTrack(track: VariantTrack, clearBuffer?: boolean): void;
  getTextTracks(): TextTrack[];
  /** Shows `track`'s captions; null turns captions off (shaka 5 has no setTextTrackVisibility). */
  selectTextTrack(track: TextTrack | null): void;
  /** Where shaka draws captions (its UITextDisplayer, in the page's DOM): without one it uses the
   * browser's native cues, which no style can keep above the control bar. */
  setVideoContainer(container: HTMLElement | null): void;
  addTextTrackAsync(
    uri: string,
    language: string,
    kind: string,
    mime?: string,
    codec?: string,
    label?: string,
  ): Promise<unknown>;
  getNetworkingEngine(): {
    registerRequestFilter(filter: (type: number, request: { uris: string[] }) => void): void;
  } | null;
  addEventListener(type: string, listener: (event: Event & { detail?: { severity?: number } }) => void): void;
}
interface ShakaModule {
  polyfill: { installAll(): void };
  Player: { new (): ShakaPlayer; isBrowserSupported(): boolean };
}

/** shaka's build for the manifest's format, in a chunk of its own (left out of the console's
 * precache by name): loaded after the playback answer, never before the page has painted. */
export async function loadShaka(type: 'hls' | 'dash' | null): Promise<ShakaModule> {
  const mod =
    type === 'dash'
      ? await import('shaka-player/dist/shaka-player.dash-es2021.js')
      : await import('shaka-player/dist/shaka-player.hls-es2021.js');
  return ((mod as { default?: unknown }).default ?? mod) as ShakaModule;
}

/** shaka.util.Error.Severity.CRITICAL: the player stopped. */
export const CRITICAL = 2;

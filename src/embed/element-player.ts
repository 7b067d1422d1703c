import type { ShakaPlayer, TextTrack } from './shaka';
import type { VariantTrack } from './tracks';

/**
 * A player whose media the video element gets by itself (the browser's own HLS player, a WebRTC
 * stream), behind the page's ShakaPlayer interface so the controls and telemetry need not know: one
 * rendition (the picture's height), no captions, no networking engine; nothing to attach, load or
 * destroy. `codec` names the delivery in the rendition telemetry reports.
 */
export abstract class ElementPlayer extends EventTarget implements ShakaPlayer {
  constructor(
    protected readonly video: HTMLVideoElement,
    private readonly codec: string,
  ) {
    super();
  }
  abstract isLive(): boolean;
  abstract seekRange(): { start: number; end: number };
  async attach(): Promise<void> {}
  async load(): Promise<void> {}
  async destroy(): Promise<void> {}
  configure(): boolean {
    return true;
  }
  getVariantTracks(): VariantTrack[] {
    const height = this.video.videoHeight;
    return height > 0 ? [{ id: 0, active: true, bandwidth: 0, height, videoCodec: this.codec }] : [];
  }
  selectVariantTrack(): void {}
  getTextTracks(): TextTrack[] {
    return [];
  }
  selectTextTrack(): void {}
  setVideoContainer(): void {}
  async addTextTrackAsync(): Promise<unknown> {
    return null;
  }
  getNetworkingEngine(): null {
    return null;
  }
}

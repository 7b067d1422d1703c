import type { Overlay, PlaybackInfo } from '@contract/playback';

/** The optional modules of the player (docs/playback.md "The embed player (emb)"; viewer contract §2):
 * telemetry, the live channel and the viewer-ID signal (tel), overlays (cls). Each loads lazily (telemetry as
 * the page starts, since a view begins before the player loads; the others after the video), and only once it
 * exists in the build: import.meta.glob answers nothing for a file that is not there yet. */
interface Modules {
  telemetry: {
    /** One view's beacons, from its play intent (telemetry.ts). */
    startTelemetry(o: { info: PlaybackInfo; intentAt?: number }): {
      attach(player: unknown, video: HTMLVideoElement): void;
      follow(player: unknown, video: HTMLVideoElement): void;
      fail(error: unknown): void;
      stop(): void;
      renew(sessionId: string): void;
    };
  };
  channel: {
    openChannel(
      url: string,
      h: {
        onStatus(status: PlaybackInfo['status']): void;
        onViewerId(untilIso: string): void;
        onOverlays(overlays: Overlay[]): void;
      },
    ): () => void;
  };
  viewerId: { showViewerId(container: HTMLElement, viewerId: string, untilIso: string): void };
  overlays: { renderOverlays(container: HTMLElement, overlays: Overlay[]): void };
}

const found = import.meta.glob(['./telemetry.ts', './channel.ts', './viewer-id.ts', './overlays.ts']);
const FILES: Record<keyof Modules, string> = {
  telemetry: './telemetry.ts',
  channel: './channel.ts',
  viewerId: './viewer-id.ts',
  overlays: './overlays.ts',
};

/** The module, or null while it is not part of the build (or failed to load). */
export async function integration<K extends keyof Modules>(name: K): Promise<Modules[K] | null> {
  const load = found[FILES[name]];
  if (!load) return null;
  try {
    return (await load()) as Modules[K];
  } catch {
    return null;
  }
}

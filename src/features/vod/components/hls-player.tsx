import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import * as css from './dialogs.css';

/** The part of shaka's API used here (its bundled types are namespace-based closure output). */
interface ShakaPlayer {
  attach(video: HTMLMediaElement): Promise<void>;
  load(uri: string): Promise<void>;
  addTextTrackAsync(uri: string, language: string, kind: string, mime: string): Promise<unknown>;
  destroy(): Promise<void>;
}
interface ShakaModule {
  polyfill: { installAll(): void };
  Player: { new (): ShakaPlayer; isBrowserSupported(): boolean };
}

/** shaka's HLS-only build, in its own chunk (named shaka-…, left out of the precache): loaded when a
 * preview opens, never on the first load. */
const loadShaka = () =>
  import('shaka-player/dist/shaka-player.hls-es2021.js').then(
    (m) => ((m as { default?: unknown }).default ?? m) as ShakaModule,
  );

export interface HlsPlayerProps {
  src: string;
  title: string;
  subtitles?: ReadonlyArray<{ language: string; url: string }>;
}

/** Plays a signed HLS master playlist (docs/api-videos.md "Media serving") with shaka; Safari's own
 * HLS when shaka cannot run. */
export function HlsPlayer({ src, title, subtitles = [] }: HlsPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const tracks = JSON.stringify(subtitles);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let player: ShakaPlayer | undefined;
    let cancelled = false;
    setFailed(false);
    void (async () => {
      try {
        const shaka = await loadShaka();
        if (cancelled) return;
        shaka.polyfill.installAll();
        if (!shaka.Player.isBrowserSupported()) {
          if (video.canPlayType('application/vnd.apple.mpegurl')) video.src = src;
          else setFailed(true);
          return;
        }
        player = new shaka.Player();
        await player.attach(video);
        if (cancelled) return;
        await player.load(src);
        for (const s of JSON.parse(tracks) as Array<{ language: string; url: string }>) {
          await player.addTextTrackAsync(s.url, s.language, 'subtitles', 'text/vtt').catch(() => undefined);
        }
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      void player?.destroy();
    };
  }, [src, tracks]);

  return (
    <>
      {/* biome-ignore lint/a11y/useMediaCaption: subtitles, when the video has them, are added by the player. */}
      <video
        ref={videoRef}
        className={css.player}
        controls
        playsInline
        aria-label={title}
        data-testid="vod-player"
      />
      {failed ? (
        <p role="alert" className={css.fieldError}>
          <Trans>Não foi possível reproduzir o vídeo.</Trans>
        </p>
      ) : null}
    </>
  );
}

import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import * as css from './preview.css';

type State = 'loading' | 'playing' | 'no-signal' | 'unsupported';

interface ShakaPlayer {
  attach(video: HTMLMediaElement): Promise<void>;
  load(uri: string): Promise<void>;
  configure(config: object): boolean;
  destroy(): Promise<void>;
  addEventListener(type: string, listener: () => void): void;
}

/** The HLS-only shaka build, in its own chunk: loaded when a preview opens, never at first paint. */
async function loadShaka() {
  const mod = await import('shaka-player/dist/shaka-player.hls-es2021.js');
  return mod.default;
}

/** Plays an HLS playlist. Without a signal (the playlist is missing or broken, or `src` is null: there is
 * no playlist to ask for) it says so plainly instead of spinning; `src` undefined is still loading.
 * 'Tentar novamente' loads again (and calls `onRetry`, which may fetch a new URL). */
export function HlsPlayer({
  src,
  label,
  onRetry,
}: {
  src: string | null | undefined;
  label: string;
  onRetry?: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<State>('loading');
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt reloads the same playlist.
  useEffect(() => {
    let cancelled = false;
    let player: ShakaPlayer | undefined;
    setState(src === null ? 'no-signal' : 'loading');
    const fail = () => {
      if (!cancelled) setState('no-signal');
    };
    if (!src) return;
    (async () => {
      const shaka = await loadShaka();
      if (cancelled || !video.current) return;
      shaka.polyfill.installAll();
      if (!shaka.Player.isBrowserSupported()) {
        setState('unsupported');
        return;
      }
      player = new shaka.Player() as ShakaPlayer;
      player.configure({ manifest: { retryParameters: { maxAttempts: 2, baseDelay: 500 } } });
      player.addEventListener('error', fail);
      await player.attach(video.current);
      await player.load(src);
      if (!cancelled) setState('playing');
    })().catch(fail);
    return () => {
      cancelled = true;
      void player?.destroy();
    };
  }, [src, attempt]);

  return (
    <div className={css.player} data-state={state} data-testid="signal-player" data-src={src ?? ''}>
      <video
        ref={video}
        className={css.video}
        aria-label={label}
        controls={state === 'playing'}
        muted
        playsInline
        autoPlay
      />
      {state !== 'playing' ? (
        <div className={css.overlay} role="status">
          {state === 'loading' ? (
            <p className={css.overlayTitle}>
              <Trans>Conectando ao sinal…</Trans>
            </p>
          ) : state === 'unsupported' ? (
            <p className={css.overlayTitle}>
              <Trans>Este navegador não reproduz a pré-visualização.</Trans>
            </p>
          ) : (
            <>
              <p className={css.overlayTitle}>
                <Trans>Sem sinal</Trans>
              </p>
              <p className={css.overlayText}>
                <Trans>
                  Nenhum vídeo está chegando a este sinal agora. Confira o encoder e tente de novo.
                </Trans>
              </p>
              <Button
                variant="secondary"
                onClick={() => {
                  onRetry?.();
                  setAttempt((a) => a + 1);
                }}
              >
                <Trans>Tentar novamente</Trans>
              </Button>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}

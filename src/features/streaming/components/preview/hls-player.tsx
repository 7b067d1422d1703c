import { Trans } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import * as css from './preview.css';
import { useLivePlayer } from './use-live-player';

/** Plays a signal's live HLS playlist while an encoder publishes to it (`publishing`, from the signal
 * status). Without one (nothing published yet, the encoder reconnecting) it says 'Sem sinal', waits
 * without asking for the playlist, and starts by itself when the status says media arrives. `src`
 * null: there is no playlist to ask for; undefined: still loading. 'Tentar novamente' loads at once
 * (and calls `onRetry`, which may read the status and the URL again). */
export function HlsPlayer({
  src,
  publishing,
  label,
  onRetry,
}: {
  src: string | null | undefined;
  publishing: boolean | undefined;
  label: string;
  onRetry?: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [attempt, setAttempt] = useState(0);
  const state = useLivePlayer(video, src, attempt, publishing);

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
                {state === 'waiting' ? (
                  <Trans>Aguardando o sinal: a pré-visualização começa sozinha quando o vídeo chegar.</Trans>
                ) : (
                  <Trans>
                    Nenhum vídeo está chegando a este sinal agora. Confira o encoder e tente de novo.
                  </Trans>
                )}
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

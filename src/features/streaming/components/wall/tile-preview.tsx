import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { signalPreviewQueryOptions } from '../../api/ingest';
import type { Stream } from '../../api/stream';
import { HlsPlayer } from '../preview/hls-player';
import { useInView } from './use-in-view';
import * as css from './wall.css';

/** The tile's muted preview of signal 1, only while the tile is on screen and the live is started. */
export function TilePreview({ stream }: { stream: Stream }) {
  const { t } = useLingui();
  const slot = useRef<HTMLDivElement>(null);
  const visible = useInView(slot);
  const signal = stream.signals[0];
  const started = stream.status === 'live' || stream.status === 'paused';
  const play = visible && started && !!signal;
  const nome = stream.nome;
  const preview = useQuery({ ...signalPreviewQueryOptions(stream.id, signal?.id ?? ''), enabled: play });
  const src = preview.isPending ? undefined : (preview.data?.url ?? null);
  return (
    <div ref={slot} data-testid="wall-preview" data-playing={play}>
      {play ? (
        <HlsPlayer src={src} label={t`Pré-visualização de ${nome}`} onRetry={() => void preview.refetch()} />
      ) : (
        <div className={css.previewSlot}>
          {!started ? (
            <Trans>A pré-visualização começa quando a transmissão for iniciada.</Trans>
          ) : !signal ? (
            <Trans>Esta transmissão não tem sinais.</Trans>
          ) : null}
        </div>
      )}
    </div>
  );
}

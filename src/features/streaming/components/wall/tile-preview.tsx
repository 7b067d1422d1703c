import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { signalPreviewQueryOptions } from '../../api/ingest';
import type { Stream } from '../../api/stream';
import { HlsPlayer } from '../preview/hls-player';
import { useInView } from './use-in-view';
import * as css from './wall.css';

/** The tile's muted preview of signal 1 while the tile is on screen and the live is started, or an
 * encoder rehearses before 'Iniciar'. The playlist is asked for only while the signal status says the
 * signal publishes (`publishing`): a live without signal shows 'Sem sinal' and makes no request. */
export function TilePreview({ stream, publishing }: { stream: Stream; publishing: boolean | undefined }) {
  const { t } = useLingui();
  const slot = useRef<HTMLDivElement>(null);
  const visible = useInView(slot);
  const signal = stream.signals[0];
  const started = stream.status === 'live' || stream.status === 'paused';
  const rehearsal = stream.status === 'scheduled' && publishing === true;
  const play = visible && (started || rehearsal) && !!signal;
  const nome = stream.nome;
  const preview = useQuery({ ...signalPreviewQueryOptions(stream.id, signal?.id ?? ''), enabled: play });
  const src = preview.isPending ? undefined : (preview.data?.url ?? null);
  return (
    <div ref={slot} data-testid="wall-preview" data-playing={play}>
      {play ? (
        <HlsPlayer
          src={src}
          publishing={publishing}
          label={t`Pré-visualização de ${nome}`}
          onRetry={() => void preview.refetch()}
        />
      ) : (
        <div className={css.previewSlot}>
          {!signal ? (
            <Trans>Esta transmissão não tem sinais.</Trans>
          ) : stream.status === 'scheduled' && stream.type === 'studio' ? (
            <Trans>Sem sinal. Abra o estúdio para transmitir: o público só vê depois de iniciar.</Trans>
          ) : stream.status === 'scheduled' ? (
            <Trans>Sem sinal. Conecte o encoder para um ensaio: o público só vê depois de "Iniciar".</Trans>
          ) : null}
        </div>
      )}
    </div>
  );
}

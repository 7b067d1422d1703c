import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert } from '@/components/ui/alert';
import * as layout from '@/components/ui/layout.css';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSignalsStatus } from '../../api/get-signals-status';
import { useStream } from '../../api/get-stream';
import { signalPreviewQueryOptions } from '../../api/ingest';
import { BackIcon } from '../icons';
import * as css from '../streaming.css';
import { HlsPlayer } from './hls-player';
import * as p from './preview.css';
import { RehearsalNotice } from './rehearsal-notice';

/** SPEC §2.3 signal preview: each signal plays its own live playlist (signal 1 "a", the others "b"),
 * written by the server's RTMP ingest while an encoder publishes to it; 'Sem sinal' while it waits for
 * one (the signal status says when, so the playlist is not asked for before). Before 'Iniciar' an
 * encoder's publish is a rehearsal: the page plays it and says only the team sees it. Reached at /streaming/{liveId}/signal/{signalId} and at /preview/{signalId}/{liveId} (`at`):
 * the links between signals stay on the path the page was opened at. */
export function SignalPreviewPage({
  liveId,
  signalId,
  at = 'signal',
}: {
  liveId: string;
  signalId: string;
  at?: 'signal' | 'preview';
}) {
  const { t } = useLingui();
  const stream = useStream(liveId);
  const signal = stream.signals.find((s) => s.id === signalId);
  const preview = useQuery({ ...signalPreviewQueryOptions(liveId, signalId), enabled: !!signal });
  const status = useSignalsStatus(liveId, !!signal && stream.status !== 'finished');
  const publishing = stream.status === 'finished' ? false : status.publishing(signal?.id);
  // No URL (the call failed): nothing to play, the player says 'Sem sinal'.
  const src = preview.isPending ? undefined : (preview.data?.url ?? null);
  useDocumentTitle(t`Pré-visualização do sinal`);
  return (
    <section className={layout.page} aria-labelledby="preview-title">
      <div className={p.firstScreen}>
        <Link to="/streaming/$liveId/panel" params={{ liveId }} className={layout.backLink}>
          <BackIcon />
          <Trans>Voltar ao painel de controle</Trans>
        </Link>
        <div>
          <h1 id="preview-title" className={layout.pageTitle}>
            <Trans>Pré-visualização do sinal</Trans>
          </h1>
          <p className={css.subtitle}>
            {stream.nome}
            {signal ? ` · ${signal.nome}` : ''}
          </p>
        </div>
        {signal ? (
          <div className={p.stage}>
            <HlsPlayer
              key={signal.id}
              src={src}
              publishing={publishing}
              label={t`Sinal ${signal.nome}`}
              onRetry={() => {
                status.refetch();
                void preview.refetch();
              }}
            />
          </div>
        ) : (
          <Alert>
            <Trans>Sinal não encontrado</Trans>
          </Alert>
        )}
      </div>
      {/* Below the player: on a phone the first screen is the player's. */}
      {stream.status === 'scheduled' && publishing ? <RehearsalNotice /> : null}
      <Alert tone="info">
        <Trans>Banners, contadores e pausa não se aplicam à pré-visualização.</Trans>
      </Alert>
      {stream.signals.length > 1 ? (
        <nav aria-label={t`Sinais da transmissão`}>
          <ul className={p.signals}>
            {stream.signals.map((s) => (
              <li key={s.id}>
                <Link
                  to={at === 'preview' ? '/preview/$signalId/$liveId' : '/streaming/$liveId/signal/$signalId'}
                  params={{ liveId, signalId: s.id }}
                  className={p.signalLink}
                  aria-current={s.id === signalId ? 'page' : undefined}
                >
                  {s.nome}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </section>
  );
}

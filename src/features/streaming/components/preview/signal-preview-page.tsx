import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Alert } from '@/components/ui/alert';
import { useStream } from '../../api/get-stream';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { previewPlaylist } from '../../lib/links';
import { BackIcon } from '../icons';
import * as css from '../streaming.css';
import { HlsPlayer } from './hls-player';
import * as p from './preview.css';

/** SPEC §2.3 signal preview: signal 1 plays playlist a, any other playlist b. */
export function SignalPreviewPage({ liveId, signalId }: { liveId: string; signalId: string }) {
  const { t } = useLingui();
  const stream = useStream(liveId);
  const index = stream.signals.findIndex((s) => s.id === signalId);
  const signal = stream.signals[index];
  useDocumentTitle(t`Pré-visualização do sinal`);
  return (
    <section className={css.page} aria-labelledby="preview-title">
      <Link to="/streaming/$liveId/panel" params={{ liveId }} className={css.backLink}>
        <BackIcon />
        <Trans>Voltar ao painel de controle</Trans>
      </Link>
      <div>
        <h1 id="preview-title" className={css.title}>
          <Trans>Pré-visualização do sinal</Trans>
        </h1>
        <p className={css.subtitle}>
          {stream.nome}
          {signal ? ` · ${signal.nome}` : ''}
        </p>
      </div>
      <Alert tone="info">
        <Trans>Banners, contadores e pausa não se aplicam à pré-visualização.</Trans>
      </Alert>
      {signal ? (
        <HlsPlayer key={signal.id} src={previewPlaylist(index)} label={t`Sinal ${signal.nome}`} />
      ) : (
        <Alert>
          <Trans>Sinal não encontrado</Trans>
        </Alert>
      )}
      {stream.signals.length > 1 ? (
        <nav aria-label={t`Sinais da transmissão`}>
          <ul className={p.signals}>
            {stream.signals.map((s) => (
              <li key={s.id}>
                <Link
                  to="/streaming/$liveId/signal/$signalId"
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

import { Trans, useLingui } from '@lingui/react/macro';
import { StatusBadge } from '@/components/status/status-badge';
import * as layout from '@/components/ui/layout.css';
import { useSignalsStatus } from '../../api/get-signals-status';
import type { Stream } from '../../api/stream';
import { formatDateTime } from '../../lib/format';
import { RehearsalNotice } from '../preview/rehearsal-notice';
import { ControlActions } from './control-actions';
import * as p from './panel.css';
import { PanelViewers } from './panel-viewers';

/** SPEC §4 control actions, each behind a confirmation; only the moves the status allows are enabled.
 * Before 'Iniciar' it says viewers see nothing yet, and that an encoder publishing now is a rehearsal. */
export function PanelControl({ stream }: { stream: Stream }) {
  const { i18n } = useLingui();
  const scheduled = stream.status === 'scheduled';
  const rehearsing = useSignalsStatus(stream.id, scheduled).signals.some((s) => s.publishing);
  return (
    <section className={`${layout.card} ${p.control}`} aria-labelledby="panel-control-title">
      <div className={layout.pageHeader}>
        <h2 id="panel-control-title" className={layout.cardTitle}>
          <Trans>Controle da transmissão</Trans>
        </h2>
        <StatusBadge status={stream.status} />
      </div>
      <p className={layout.muted} data-testid="panel-times">
        {stream.status === 'scheduled' ? (
          <Trans>Agendada para {formatDateTime(stream.scheduledStartTime, i18n.locale)}</Trans>
        ) : stream.status === 'finished' ? (
          <Trans>Encerrada em {formatDateTime(stream.finishedAt, i18n.locale)}</Trans>
        ) : (
          <Trans>Iniciada em {formatDateTime(stream.startedAt, i18n.locale)}</Trans>
        )}
      </p>
      {rehearsing ? (
        <RehearsalNotice />
      ) : scheduled ? (
        <p className={layout.muted} data-testid="panel-not-started">
          {stream.type === 'studio' ? (
            // A studio live has no encoder: it is published from the studio page, whose 'Iniciar
            // transmissão' also starts it (docs/studio.md "Composition").
            <Trans>
              O público só vê a transmissão depois de iniciá-la. Abra o estúdio ("Entrar no estúdio"), permita
              a câmera e o microfone e clique em "Iniciar transmissão".
            </Trans>
          ) : (
            <Trans>
              O público só vê a transmissão depois de "Iniciar". Antes disso, conecte o encoder para um
              ensaio: só a sua equipe vê o sinal, aqui e no monitoramento.
            </Trans>
          )}
        </p>
      ) : null}
      <ControlActions stream={stream} />
      <PanelViewers stream={stream} />
      {stream.status === 'finished' ? (
        <p className={layout.muted}>
          <Trans>Esta transmissão foi encerrada e está no histórico.</Trans>
        </p>
      ) : null}
    </section>
  );
}

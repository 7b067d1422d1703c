import { Trans, useLingui } from '@lingui/react/macro';
import type { Stream } from '../../api/stream';
import { formatDateTime } from '../../lib/format';
import { StatusBadge } from '../status-badge';
import * as css from '../streaming.css';
import { ControlActions } from './control-actions';
import * as p from './panel.css';

/** SPEC §4 control actions, each behind a confirmation; only the moves the status allows are enabled. */
export function PanelControl({ stream }: { stream: Stream }) {
  const { i18n } = useLingui();
  return (
    <section className={`${css.card} ${p.control}`} aria-labelledby="panel-control-title">
      <div className={css.header}>
        <h2 id="panel-control-title" className={css.cardTitle}>
          <Trans>Controle da transmissão</Trans>
        </h2>
        <StatusBadge status={stream.status} />
      </div>
      <p className={css.muted} data-testid="panel-times">
        {stream.status === 'scheduled' ? (
          <Trans>Agendada para {formatDateTime(stream.scheduledStartTime, i18n.locale)}</Trans>
        ) : stream.status === 'finished' ? (
          <Trans>Encerrada em {formatDateTime(stream.finishedAt, i18n.locale)}</Trans>
        ) : (
          <Trans>Iniciada em {formatDateTime(stream.startedAt, i18n.locale)}</Trans>
        )}
      </p>
      <ControlActions stream={stream} />
      {stream.status === 'finished' ? (
        <p className={css.muted}>
          <Trans>Esta transmissão foi encerrada e está no histórico.</Trans>
        </p>
      ) : null}
    </section>
  );
}

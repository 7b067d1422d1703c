import { Trans, useLingui } from '@lingui/react/macro';
import * as layout from '@/components/ui/layout.css';
import { formatDuration } from '@/lib/intl';
import type { Stream } from '../../api/stream';
import { formatDateTime } from '../../lib/format';
import * as css from '../streaming.css';

/** The stream's details (SPEC §3 Live details). */
export function PanelDetails({ stream }: { stream: Stream }) {
  const { t, i18n } = useLingui();
  const duration = formatDuration(stream.durationSeconds);
  const latency = { default: t`Padrão`, low: t`Baixa`, ultraLow: t`Ultra baixa (beta)` }[stream.latency];
  return (
    <section className={layout.card} aria-labelledby="panel-details-title">
      <h2 id="panel-details-title" className={layout.cardTitle}>
        <Trans>Detalhes</Trans>
      </h2>
      <dl className={css.dl}>
        <dt>
          <Trans>Identificador</Trans>
        </dt>
        <dd>
          <code>{stream.id}</code>
        </dd>
        <dt>
          <Trans>Data agendada</Trans>
        </dt>
        <dd>{formatDateTime(stream.scheduledStartTime, i18n.locale)}</dd>
        {stream.startedAt ? (
          <>
            <dt>
              <Trans>Início da transmissão</Trans>
            </dt>
            <dd>{formatDateTime(stream.startedAt, i18n.locale)}</dd>
          </>
        ) : null}
        {stream.finishedAt ? (
          <>
            <dt>
              <Trans>Fim da transmissão</Trans>
            </dt>
            <dd>
              {formatDateTime(stream.finishedAt, i18n.locale)}
              {duration ? ` (${duration})` : ''}
            </dd>
          </>
        ) : null}
        <dt>
          <Trans>Tipo</Trans>
        </dt>
        <dd>{stream.type === 'studio' ? t`Estúdio` : t`Encoder`}</dd>
        <dt>
          <Trans>Latência</Trans>
        </dt>
        <dd>{latency}</dd>
        <dt>
          <Trans>Descrição interna</Trans>
        </dt>
        <dd>{stream.descricao || <span className={layout.muted}>{t`Sem descrição`}</span>}</dd>
      </dl>
    </section>
  );
}

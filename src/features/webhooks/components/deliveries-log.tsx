import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import * as layout from '@/components/ui/layout.css';
import * as lists from '@/components/ui/list.css';
import { ListError, listQueryState } from '@/components/ui/list-error';
import { notify } from '@/components/ui/notify';
import { failureText } from '@/lib/failure-text';
import { shortDateTime } from '@/lib/intl';
import { type Delivery, useDeliveries, useRedeliver } from '../api/deliveries';
import { EVENT_LABELS } from './event-labels';
import * as css from './webhooks.css';

/** One endpoint's last deliveries: event, outcome, attempts, answer, time; "send again" on each. */
export function DeliveriesLog({ webhookId }: { webhookId: string }) {
  const { t, i18n } = useLingui();
  const query = useDeliveries(webhookId);
  const redeliver = useRedeliver(webhookId);
  const statusText = (d: Delivery) =>
    d.status === 'success' ? t`Entregue` : d.status === 'failed' ? t`Falhou` : t`Pendente`;

  const again = (d: Delivery) =>
    redeliver.mutate(d.id, {
      onSuccess: () => notify('success', t`Entrega reenviada`),
      onError: (e) => notify('error', failureText(e, t`Não foi possível reenviar. Tente novamente`)),
    });

  const rows = query.data?.deliveries ?? [];
  return (
    <div className={layout.surface}>
      <ListError {...listQueryState(query)} />
      {query.isSuccess && rows.length === 0 ? (
        <p className={lists.empty}>
          <Trans>Nenhuma entrega ainda</Trans>
        </p>
      ) : null}
      {rows.length > 0 ? (
        <table className={lists.table}>
          <thead>
            <tr>
              <th>
                <Trans>Evento</Trans>
              </th>
              <th>
                <Trans>Situação</Trans>
              </th>
              <th>
                <Trans>Tentativas</Trans>
              </th>
              <th>
                <Trans>Resposta</Trans>
              </th>
              <th>
                <Trans>Quando</Trans>
              </th>
              <th>
                <span className={layout.visuallyHidden}>
                  <Trans>Ações</Trans>
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.id} data-testid="webhook-delivery">
                <td>{EVENT_LABELS[d.event] ? i18n._(EVENT_LABELS[d.event]!) : d.event}</td>
                <td className={css.status}>{statusText(d)}</td>
                <td>{d.attempts}</td>
                <td>
                  {d.responseCode ?? d.error ?? '—'}
                  {d.durationMs !== null ? <span className={layout.muted}> · {d.durationMs} ms</span> : null}
                </td>
                <td>{shortDateTime(new Date(d.createdAt), i18n.locale)}</td>
                <td>
                  <Button type="button" variant="secondary" onClick={() => again(d)}>
                    <Trans>Enviar de novo</Trans>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import * as layout from '@/components/ui/layout.css';
import * as lists from '@/components/ui/list.css';
import { ListError, listQueryState } from '@/components/ui/list-error';
import { notify } from '@/components/ui/notify';
import { failureText } from '@/lib/failure-text';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks, type Webhook } from '../api/list-webhooks';
import { CreateWebhookDialog } from './create-webhook-dialog';
import { DeliveriesLog } from './deliveries-log';
import { EVENT_LABELS } from './event-labels';
import * as css from './webhooks.css';

/**
 * The team's webhook endpoints (docs/webhooks.md): create (secret once), deliveries log with "send
 * again", delete. A section: the /webhooks page shows it, and /api-keys can place it too.
 */
export function WebhooksSection({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const { t, i18n } = useLingui();
  const query = useWebhooks();
  const remove = useDeleteWebhook();
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<string>();
  const [deleting, setDeleting] = useState<Webhook>();
  const [error, setError] = useState<string>();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const webhooks = query.data?.webhooks ?? [];
  const deletingUrl = deleting?.url ?? '';

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(undefined);
        notify('success', t`Webhook excluído`);
      },
      onError: (e) => setError(failureText(e, t`Não foi possível excluir o webhook. Tente novamente`)),
    });
  };

  return (
    <section className={layout.page} aria-labelledby="webhooks-title">
      <div className={layout.pageHeader}>
        <Heading id="webhooks-title" className={headingLevel === 1 ? layout.pageTitle : layout.cardTitle}>
          <Trans>Webhooks</Trans>
        </Heading>
        <div className={layout.actions}>
          <Button type="button" onClick={() => setCreating(true)} disabled={!query.data}>
            <Trans>Novo webhook</Trans>
          </Button>
        </div>
      </div>
      <p className={layout.muted}>
        <Trans>
          Receba em seu sistema um POST assinado quando um vídeo fica pronto ou falha, um upload termina ou
          uma transmissão começa ou termina.
        </Trans>
      </p>
      <ListError {...listQueryState(query)} />
      {query.isSuccess && webhooks.length === 0 ? (
        <p className={lists.empty}>
          <Trans>Nenhum webhook cadastrado</Trans>
        </p>
      ) : null}
      <ul className={css.list}>
        {webhooks.map((w) => (
          <li key={w.id} className={`${layout.card} ${css.item}`} data-testid="webhook">
            <p className={css.url}>{w.url}</p>
            <ul className={css.events} aria-label={t`Eventos`}>
              {w.events.map((e) => (
                <li key={e} className={css.chip}>
                  {EVENT_LABELS[e] ? i18n._(EVENT_LABELS[e]!) : e}
                </li>
              ))}
            </ul>
            <div className={layout.actions}>
              <Button
                type="button"
                variant="secondary"
                aria-expanded={open === w.id}
                onClick={() => setOpen(open === w.id ? undefined : w.id)}
              >
                <Trans>Entregas</Trans>
              </Button>
              <Button
                type="button"
                variant="secondary"
                onClick={() => {
                  setError(undefined);
                  setDeleting(w);
                }}
              >
                <Trans>Excluir</Trans>
              </Button>
            </div>
            {open === w.id ? <DeliveriesLog webhookId={w.id} /> : null}
          </li>
        ))}
      </ul>
      <CreateWebhookDialog open={creating} onOpenChange={setCreating} events={query.data?.events ?? []} />
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(next) => (next ? undefined : setDeleting(undefined))}
        title={<Trans>Excluir o webhook?</Trans>}
        description={
          <Trans>{deletingUrl} deixará de receber eventos, e o registro de entregas será apagado.</Trans>
        }
        confirmLabel={<Trans>Excluir</Trans>}
        cancelLabel={<Trans>Voltar</Trans>}
        closeLabel={t`Fechar`}
        tone="danger"
        busy={remove.isPending}
        error={error}
        onConfirm={confirmDelete}
      />
    </section>
  );
}

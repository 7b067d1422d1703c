import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/field';
import * as form from '@/components/ui/form.css';
import * as layout from '@/components/ui/layout.css';
import { notify } from '@/components/ui/notify';
import { failureText } from '@/lib/failure-text';
import { type PlanInput, useResetPlan, useSavePlan, useSetBlocked } from '../api/client-billing';
import type { Usage } from '../api/get-usage';
import * as css from './billing.css';

type NumberKey = `quotas.${keyof PlanInput['quotas']}` | `prices.${keyof PlanInput['prices']}`;

const toInput = (usage: Usage): PlanInput => ({
  name: usage.plan.name,
  currency: usage.currency,
  quotas: { ...usage.plan.quotas },
  prices: { ...usage.plan.prices },
});

/** Staff's side of a client's billing: block or unblock it for non-payment, and set its plan. */
export function StaffPanel({ usage }: { usage: Usage }) {
  const { t } = useLingui();
  const setBlocked = useSetBlocked();
  const savePlan = useSavePlan();
  const resetPlan = useResetPlan();
  const [confirming, setConfirming] = useState(false);
  const [draft, setDraft] = useState(() => toInput(usage));
  const [error, setError] = useState<string>();
  useEffect(() => setDraft(toInput(usage)), [usage]);

  const blocking = !usage.blocked;
  const toggleBlocked = () =>
    setBlocked.mutate(
      { clientId: usage.clientId, blocked: blocking },
      {
        onSuccess: () => {
          setConfirming(false);
          notify('success', blocking ? t`Cliente bloqueado` : t`Cliente desbloqueado`, usage.clientName);
        },
      },
    );

  const setNumber = (key: NumberKey, value: string) => {
    const [group, field] = key.split('.') as ['quotas' | 'prices', string];
    setDraft({ ...draft, [group]: { ...draft[group], [field]: Number(value) } });
  };
  const numberField = (key: NumberKey, label: string, value: number) => (
    <TextField
      key={key}
      name={key}
      type="number"
      min={0}
      step="any"
      label={label}
      value={String(value)}
      onChange={(e) => setNumber(key, e.target.value)}
    />
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const numbers = [...Object.values(draft.quotas), ...Object.values(draft.prices)];
    if (!draft.name.trim() || numbers.some((n) => !Number.isFinite(n) || n < 0))
      return setError(t`Preencha o nome e valores não negativos`);
    setError(undefined);
    savePlan.mutate(
      { clientId: usage.clientId, plan: { ...draft, name: draft.name.trim() } },
      {
        onSuccess: () => notify('success', t`Plano salvo`, usage.clientName),
        onError: (e) => setError(failureText(e, t`Não foi possível salvar o plano. Tente novamente`)),
      },
    );
  };

  return (
    <section className={layout.card} aria-label={t`Administração do cliente`} data-print-hide="">
      <h2 className={layout.cardTitle}>
        <Trans>Cliente {usage.clientName}</Trans>
      </h2>
      <div className={layout.toolbar}>
        {usage.blocked ? (
          <span className={css.blockedBadge}>
            <Trans>Bloqueado</Trans>
          </span>
        ) : null}
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {blocking ? t`Bloquear cliente` : t`Desbloquear cliente`}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={blocking ? t`Bloquear ${usage.clientName}?` : t`Desbloquear ${usage.clientName}?`}
        description={
          blocking
            ? t`Os usuários de todos os times deste cliente verão a página de acesso limitado; envios e novas transmissões serão recusados. Os vídeos armazenados continuam sendo entregues.`
            : t`Envios e novas transmissões voltam a ser aceitos em todos os times deste cliente.`
        }
        confirmLabel={blocking ? t`Bloquear` : t`Desbloquear`}
        cancelLabel={t`Cancelar`}
        closeLabel={t`Fechar`}
        tone={blocking ? 'danger' : 'primary'}
        busy={setBlocked.isPending}
        error={
          setBlocked.isError
            ? failureText(setBlocked.error, t`Não foi possível concluir. Tente novamente`)
            : undefined
        }
        onConfirm={toggleBlocked}
      />
      <form onSubmit={onSubmit} noValidate aria-label={t`Plano do cliente`} className={layout.page}>
        <h3 className={css.chartTitle}>
          <Trans>Plano do cliente</Trans>
        </h3>
        <div className={form.formGrid}>
          <TextField
            name="name"
            label={t`Nome do plano`}
            value={draft.name}
            maxLength={80}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          />
          <TextField
            name="currency"
            label={t`Moeda`}
            value={draft.currency}
            maxLength={3}
            onChange={(e) => setDraft({ ...draft, currency: e.target.value.toUpperCase() })}
          />
          {numberField('quotas.storageGb', t`Armazenamento incluído (GB)`, draft.quotas.storageGb)}
          {numberField('prices.storageGbMonth', t`Preço por GB-mês`, draft.prices.storageGbMonth)}
          {numberField(
            'quotas.encodedMinutes',
            t`Minutos codificados incluídos`,
            draft.quotas.encodedMinutes,
          )}
          {numberField('prices.encodedMinute', t`Preço por minuto codificado`, draft.prices.encodedMinute)}
          {numberField('quotas.liveMinutes', t`Minutos ao vivo incluídos`, draft.quotas.liveMinutes)}
          {numberField('prices.liveMinute', t`Preço por minuto ao vivo`, draft.prices.liveMinute)}
          {numberField(
            'quotas.deliveredMinutes',
            t`Minutos entregues incluídos`,
            draft.quotas.deliveredMinutes,
          )}
          {numberField('prices.deliveredMinute', t`Preço por minuto entregue`, draft.prices.deliveredMinute)}
        </div>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className={layout.actions}>
          <Button type="submit" busy={savePlan.isPending}>
            <Trans>Salvar plano</Trans>
          </Button>
          {usage.plan.custom ? (
            <Button
              variant="secondary"
              busy={resetPlan.isPending}
              onClick={() => resetPlan.mutate(usage.clientId)}
            >
              <Trans>Voltar ao plano padrão</Trans>
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import * as formStyles from '@/components/ui/form.css';
import * as lists from '@/components/ui/list.css';
import { notify } from '@/components/ui/notify';
import { failureText } from '@/lib/failure-text';
import { useCreateWebhook } from '../api/create-webhook';
import { EVENT_LABELS } from './event-labels';
import * as css from './webhooks.css';

/** New endpoint: URL and events; then its signing secret, shown this once, with a copy button. */
export function CreateWebhookDialog({
  open,
  onOpenChange,
  events,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  events: readonly string[];
}) {
  const { t, i18n } = useLingui();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const [urlError, setUrlError] = useState<string>();
  const [secret, setSecret] = useState<string>();

  const close = () => {
    onOpenChange(false);
    setUrl('');
    setChosen([]);
    setError(undefined);
    setUrlError(undefined);
    setSecret(undefined);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = url.trim();
    if (!address) return setUrlError(t`O campo é obrigatório`);
    setUrlError(undefined);
    if (chosen.length === 0) return setError(t`Escolha ao menos um evento`);
    setError(undefined);
    create.mutate(
      { url: address, events: chosen },
      {
        onSuccess: (created) => setSecret(created.secret),
        onError: (e) => setError(failureText(e, t`Não foi possível criar o webhook. Tente novamente`)),
      },
    );
  };

  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      notify('success', t`Segredo copiado`);
    } catch {
      notify('error', t`Não foi possível copiar. Selecione o texto e copie`);
    }
  };

  const toggle = (name: string, on: boolean) =>
    setChosen((now) => (on ? [...now, name] : now.filter((e) => e !== name)));

  if (secret) {
    return (
      <Dialog
        open={open}
        onOpenChange={(next) => (next ? onOpenChange(true) : close())}
        title={<Trans>Webhook criado</Trans>}
        description={
          <Trans>
            Use este segredo para verificar a assinatura X-Palco-Signature. Guarde-o agora: ele não será
            mostrado de novo.
          </Trans>
        }
        closeLabel={t`Fechar`}
        footer={
          <>
            <Button type="button" variant="secondary" onClick={copy}>
              <Trans>Copiar segredo</Trans>
            </Button>
            <Button type="button" onClick={close}>
              <Trans>Concluir</Trans>
            </Button>
          </>
        }
      >
        <p className={css.secret} data-testid="webhook-secret">
          {secret}
        </p>
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={<Trans>Novo webhook</Trans>}
      description={<Trans>Enviaremos um POST assinado para esta URL a cada evento escolhido.</Trans>}
      closeLabel={t`Fechar`}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={close}>
            <Trans>Cancelar</Trans>
          </Button>
          <Button type="submit" form="webhook-form" busy={create.isPending}>
            <Trans>Criar webhook</Trans>
          </Button>
        </>
      }
    >
      <form id="webhook-form" className={css.form} onSubmit={onSubmit} noValidate>
        {error ? <Alert>{error}</Alert> : null}
        <TextField
          name="url"
          type="url"
          label={t`URL`}
          hint={t`https://, por exemplo https://exemplo.com/palco`}
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={urlError}
          autoComplete="off"
          maxLength={2000}
          required
        />
        <fieldset className={formStyles.fieldset}>
          <legend className={formStyles.fieldLabel}>
            <Trans>Eventos</Trans>
          </legend>
          <div className={css.checks}>
            {events.map((name) => (
              <label key={name} className={css.check}>
                <input
                  type="checkbox"
                  className={lists.checkbox}
                  checked={chosen.includes(name)}
                  onChange={(e) => toggle(name, e.currentTarget.checked)}
                />
                {EVENT_LABELS[name] ? i18n._(EVENT_LABELS[name]) : name}
              </label>
            ))}
          </div>
        </fieldset>
      </form>
    </Dialog>
  );
}

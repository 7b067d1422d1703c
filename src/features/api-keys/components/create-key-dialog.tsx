import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import * as css from '@/components/ui/admin-page.css';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { ListError, listQueryState } from '@/components/ui/list-error';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { failureText } from '@/lib/failure-text';
import { useCopy } from '@/lib/use-copy';
import { type CreatedKey, useCreateApiKey, useKeyScopes } from '../api/api-keys';

const EXPIRY_DAYS = ['30', '90', '180', '365'] as const;

/** A new key: name, expiry and a checklist of what the user holds in the team (the server's list, each
 * permission with its description, as in the role editor); then the secret, once. */
export function CreateKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const create = useCreateApiKey();
  const copy = useCopy();
  const scopes = useKeyScopes(i18n.locale, open);
  const [name, setName] = useState('');
  const [days, setDays] = useState<string>('90');
  const [picked, setPicked] = useState<string[]>([]);
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<CreatedKey>();
  useEffect(() => {
    if (!open) return;
    setName('');
    setDays('90');
    setPicked([]);
    setFieldError(undefined);
    setError(undefined);
    setCreated(undefined);
  }, [open]);

  const toggle = (permission: string, on: boolean) =>
    setPicked((now) => (on ? [...now, permission] : now.filter((p) => p !== permission)));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setFieldError(t`O campo é obrigatório`);
    setFieldError(undefined);
    if (picked.length === 0) return setError(t`Escolha ao menos uma permissão`);
    setError(undefined);
    const expiresAt = new Date(Date.now() + Number(days) * 86_400_000).toISOString();
    create.mutate(
      { name: trimmed, expiresAt, permissions: picked },
      {
        onSuccess: setCreated,
        onError: (e) => setError(failureText(e, t`Não foi possível criar a chave. Tente novamente`)),
      },
    );
  };

  const expiryOptions = EXPIRY_DAYS.map((value) => ({ value, label: t`${value} dias` }));

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={created ? <Trans>Chave criada</Trans> : <Trans>Nova chave de API</Trans>}
      closeLabel={t`Fechar`}
      footer={
        created ? (
          <Button type="button" onClick={onClose}>
            <Trans>Concluir</Trans>
          </Button>
        ) : (
          <>
            <Button type="button" variant="secondary" onClick={onClose}>
              <Trans>Cancelar</Trans>
            </Button>
            <Button type="submit" form="api-key-form" busy={create.isPending}>
              <Trans>Criar chave</Trans>
            </Button>
          </>
        )
      }
    >
      {created ? (
        <div className={css.form}>
          <Alert tone="info">
            <Trans>Copie a chave agora: por segurança, ela não será mostrada de novo.</Trans>
          </Alert>
          <TextField
            name="secret"
            label={t`Chave`}
            value={created.secret}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            data-testid="api-key-secret"
          />
          <Button type="button" variant="secondary" onClick={() => copy(created.secret, t`Chave copiada`)}>
            <Trans>Copiar chave</Trans>
          </Button>
        </div>
      ) : (
        <form id="api-key-form" className={css.form} onSubmit={onSubmit} noValidate>
          {error ? <Alert>{error}</Alert> : null}
          <TextField
            name="name"
            label={t`Nome da chave`}
            hint={t`Para reconhecer a integração que a usa`}
            value={name}
            maxLength={80}
            error={fieldError}
            onChange={(e) => setName(e.currentTarget.value)}
            required
          />
          <Select
            name="expiry"
            label={t`Validade`}
            options={expiryOptions}
            value={days}
            onValueChange={setDays}
          />
          <fieldset className={css.checks}>
            <legend className={css.sectionTitle}>
              <Trans>Permissões da chave</Trans>
            </legend>
            <p className={css.muted}>
              <Trans>A chave age em seu nome, nesta equipe, só com as permissões marcadas.</Trans>
            </p>
            <ListError {...listQueryState(scopes)} />
            {scopes.data === undefined && !scopes.isError ? <Skeleton height="4em" /> : null}
            {scopes.data?.map(({ permission, description }) => (
              <label key={permission} className={css.check} data-testid="key-scope">
                <input
                  type="checkbox"
                  className={css.checkbox}
                  checked={picked.includes(permission)}
                  onChange={(e) => toggle(permission, e.currentTarget.checked)}
                />
                <span className={css.cell}>
                  <span className={css.code}>{permission}</span>
                  <span className={css.muted}>{description}</span>
                </span>
              </label>
            ))}
          </fieldset>
        </form>
      )}
    </Dialog>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import * as css from '@/components/ui/admin-page.css';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { Select } from '@/components/ui/select';
import { failureText } from '@/lib/failure-text';
import { useInviteUser } from '../api/invite-user';
import { useRoles } from '../api/list-roles';
import { roleOptions } from './role-options';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Invite by e-mail with a role: the server mails a single-use link (docs/api-admin.md). */
export function InviteDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const roles = useRoles(open);
  const invite = useInviteUser();
  const [email, setEmail] = useState('');
  const [roleId, setRoleId] = useState('');
  const [error, setError] = useState<string>();
  const [emailError, setEmailError] = useState<string>();

  const close = () => {
    onOpenChange(false);
    setEmail('');
    setRoleId('');
    setError(undefined);
    setEmailError(undefined);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!address) return setEmailError(t`O campo é obrigatório`);
    if (!EMAIL.test(address)) return setEmailError(t`O formato do email não é válido`);
    setEmailError(undefined);
    if (!roleId) return setError(t`Escolha um cargo`);
    setError(undefined);
    invite.mutate(
      { email: address, roleId },
      {
        onSuccess: () => {
          notify('success', t`Convite enviado`, address);
          close();
        },
        onError: (e) => setError(failureText(e, t`Não foi possível enviar o convite. Tente novamente`)),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={<Trans>Convidar usuário</Trans>}
      description={
        <Trans>
          Enviaremos um link por e-mail. Ele vale para um único uso, pelo prazo indicado no e-mail.
        </Trans>
      }
      closeLabel={t`Fechar`}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={close}>
            <Trans>Cancelar</Trans>
          </Button>
          <Button type="submit" form="invite-form" busy={invite.isPending}>
            <Trans>Enviar convite</Trans>
          </Button>
        </>
      }
    >
      <form id="invite-form" className={css.form} onSubmit={onSubmit} noValidate>
        {error ? <Alert>{error}</Alert> : null}
        <TextField
          name="email"
          type="email"
          label={t`E-mail`}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value.replace(/\s/g, ''))}
          error={emailError}
          autoComplete="off"
          maxLength={254}
          required
        />
        <Select
          name="role"
          label={t`Cargo`}
          options={roleOptions(roles.data, i18n.locale)}
          value={roleId}
          onValueChange={setRoleId}
          placeholder={roles.isPending ? t`Carregando…` : t`Escolha um cargo`}
        />
      </form>
    </Dialog>
  );
}

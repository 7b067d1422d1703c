import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { PasswordField, TextField } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { PRODUCT_NAME } from '@/lib/brand';
import { DEFAULT_HOME } from '@/lib/last-visited';
import { capitalize } from '@/lib/text';
import { useSession } from '@/lib/use-session';
import { PASSWORD_MAX, PASSWORD_MIN } from '@/lib/validation';
import { useAcceptInvitation } from '../api/accept-invitation';
import { type Invitation, invitationQueryOptions } from '../api/get-invitation';
import {
  type ExistingMemberValues,
  existingMemberSchema,
  type NewMemberValues,
  newMemberSchema,
} from '../invite-rules';
import * as css from './auth.css';
import { useFocusOnChange } from './use-focus-on-change';
import { useForm } from './use-form';

/** /auth/invite/$token: the link of an invitation mail (docs/api-admin.md). A new address sets its name
 * and password; a Palco user accepts with their password, or in one click when signed in as them. */
export function InvitePage({ token }: { token: string }) {
  const invitation = useQuery(invitationQueryOptions(token));
  if (invitation.isPending) {
    return (
      <p className={css.lead} aria-busy="true">
        <Trans>Carregando o convite…</Trans>
      </p>
    );
  }
  if (invitation.isError) return <InvitationUnavailable error={invitation.error} />;
  return <InvitationForm token={token} invitation={invitation.data} />;
}

function InvitationUnavailable({ error }: { error: Error }) {
  const { t } = useLingui();
  const status = error instanceof ApiError ? error.status : 0;
  return (
    <>
      <h1 className={css.title}>
        <Trans>Convite</Trans>
      </h1>
      <Alert title={status === 410 ? t`Convite encerrado` : t`Convite inválido`}>
        {status === 410 ? (
          <Trans>
            Este convite já foi usado, cancelado ou expirou. Peça um novo convite a quem convidou você.
          </Trans>
        ) : status === 404 ? (
          <Trans>Este link de convite não é válido. Abra o link do e-mail mais recente.</Trans>
        ) : (
          <Trans>Não foi possível abrir o convite. Tente novamente.</Trans>
        )}
      </Alert>
      <div className={css.actions}>
        <Link to="/auth/login" className={buttonClass('secondary', true)}>
          <Trans>Ir para o login</Trans>
        </Link>
      </div>
    </>
  );
}

function InvitationForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const { t, i18n } = useLingui();
  const accept = useAcceptInvitation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signedInAs = useSession().user?.login?.toLowerCase();
  const sameUser = invitation.existingUser && signedInAs === invitation.email;
  const [failure, setFailure] = useState<string>();
  const headingRef = useFocusOnChange(accept.isSuccess);
  const newForm = useForm<NewMemberValues>(
    { name: '', newPassword: '', confirmPassword: '' },
    newMemberSchema,
  );
  const existingForm = useForm<ExistingMemberValues>({ password: '' }, existingMemberSchema);
  const role = capitalize(invitation.role, i18n.locale);
  const { team, email } = invitation;
  const inviter = invitation.invitedBy ?? t`Alguém`;

  if (accept.isSuccess && !accept.data.signedIn) {
    return (
      <div className={css.centered}>
        <h1 className={css.title} ref={headingRef} tabIndex={-1}>
          <Trans>Convite aceito!</Trans>
        </h1>
        <p className={css.lead}>
          {sameUser ? (
            <Trans>Você agora faz parte do time {team}.</Trans>
          ) : (
            <Trans>
              Entre com {email} para acessar o time {team}.
            </Trans>
          )}
        </p>
        <Link to={sameUser ? '/select-team' : '/auth/login'} className={buttonClass('primary', true)}>
          {sameUser ? <Trans>Escolher o time</Trans> : <Trans>Entrar</Trans>}
        </Link>
      </div>
    );
  }

  const send = (body: { name?: string; password?: string }) => {
    setFailure(undefined);
    accept.mutate(
      { token, ...body },
      {
        onSuccess: ({ signedIn }) => {
          // Signed in by the acceptance, in the team joined: straight into the console.
          if (signedIn) return void navigate({ to: DEFAULT_HOME, replace: true });
          // The signed-in user's teams changed: /bff/me is read again on the next page.
          if (sameUser) void queryClient.invalidateQueries({ queryKey: ['session', 'me'] });
        },
        onError: (e) =>
          setFailure(
            e instanceof ApiError && e.status > 0 && e.status < 500
              ? e.message
              : t`Não foi possível aceitar o convite. Tente novamente`,
          ),
      },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (accept.isPending) return;
    if (sameUser) return send({});
    if (invitation.existingUser) {
      const values = existingForm.submit();
      if (values) send({ password: values.password });
      return;
    }
    const values = newForm.submit();
    if (values) send({ name: values.name.trim(), password: values.newPassword });
  };

  return (
    <>
      <h1 className={css.title} ref={headingRef} tabIndex={-1}>
        <Trans>Convite para {team}</Trans>
      </h1>
      <p className={css.lead}>
        <Trans>
          {inviter} convidou <strong className={css.address}>{email}</strong> para o time {team} com o cargo{' '}
          {role}.
        </Trans>
      </p>
      {failure ? <Alert>{failure}</Alert> : null}
      <form className={css.form} onSubmit={onSubmit} noValidate>
        <input type="email" name="email" value={email} autoComplete="username" readOnly hidden />
        {sameUser ? null : invitation.existingUser ? (
          <PasswordField
            {...existingForm.field('password')}
            label={t`Sua senha do ${PRODUCT_NAME}`}
            hint={t`Você já tem acesso com este e-mail: confirme com a sua senha.`}
            autoComplete="current-password"
            required
          />
        ) : (
          <>
            <TextField
              {...newForm.field('name')}
              label={t`Seu nome`}
              autoComplete="name"
              maxLength={100}
              required
            />
            <PasswordField
              {...newForm.field('newPassword')}
              label={t`Crie uma senha`}
              hint={t`De ${PASSWORD_MIN} a ${PASSWORD_MAX} caracteres.`}
              autoComplete="new-password"
              required
            />
            <PasswordField
              {...newForm.field('confirmPassword')}
              label={t`Repita a senha`}
              autoComplete="new-password"
              required
            />
          </>
        )}
        <div className={css.actions}>
          <Button type="submit" fullWidth busy={accept.isPending}>
            <Trans>Aceitar convite</Trans>
          </Button>
        </div>
      </form>
    </>
  );
}

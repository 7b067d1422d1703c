import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/field';
import { session } from '@/lib/session';
import { PASSWORD_MAX, PASSWORD_MIN } from '@/lib/validation';
import { useUpdatePassword } from '../api/update-password';
import { updatePasswordFailure } from '../failure-messages';
import { type NewPasswordValues, newPasswordSchema } from '../password-rules';
import * as css from './auth.css';
import { useFocusOnChange } from './use-focus-on-change';
import { useForm } from './use-form';

export interface RecoveryLink {
  email?: string;
  token?: string;
  hash?: string;
}

/** SPEC §2.1 /auth/recover-password/new?email&token&hash. */
export function NewPasswordPage({ email, token, hash }: RecoveryLink) {
  const { t } = useLingui();
  const update = useUpdatePassword();
  const form = useForm<NewPasswordValues>({ newPassword: '', confirmPassword: '' }, newPasswordSchema);
  const headingRef = useFocusOnChange(update.isSuccess);

  if (!email || !token || !hash) {
    return (
      <>
        <h1 className={css.title}>
          <Trans>Nova senha</Trans>
        </h1>
        <Alert title={t`Link inválido`}>
          <Trans>
            Este link de recuperação está incompleto. Abra o link do e-mail novamente ou peça um novo.
          </Trans>
        </Alert>
        <div className={css.actions}>
          <Link to="/auth/recover-password" className={buttonClass('primary', true)}>
            <Trans>Pedir um novo link</Trans>
          </Link>
          <Link to="/auth/login" className={buttonClass('secondary', true)}>
            <Trans>Voltar</Trans>
          </Link>
        </div>
      </>
    );
  }

  if (update.isSuccess) {
    return (
      <div className={css.centered}>
        <span className={css.badge} data-tone="success">
          <CheckIcon />
        </span>
        <h1 className={css.title} ref={headingRef} tabIndex={-1}>
          <Trans>Senha atualizada com sucesso!</Trans>
        </h1>
        <p className={css.lead}>
          <Trans>Use a nova senha para entrar.</Trans>
        </p>
        <Link to="/auth/login" className={buttonClass('primary', true)}>
          <Trans>Voltar para o início</Trans>
        </Link>
      </div>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const values = form.submit();
    if (!values) return;
    update.mutate(
      { email, token, hash, newPassword: values.newPassword },
      {
        onSuccess: () => {
          // The server revoked this user's tokens: a session of theirs in this browser is over.
          if (session.get().user?.login.toLowerCase() === email.toLowerCase()) session.clear();
        },
        onError: () => {
          form.setError('confirmPassword', updatePasswordFailure);
          form.focus('confirmPassword');
        },
      },
    );
  };

  return (
    <>
      <h1 className={css.title} ref={headingRef} tabIndex={-1}>
        <Trans>Nova senha</Trans>
      </h1>
      <p className={css.lead}>
        <Trans>
          Crie uma nova senha para <strong className={css.address}>{email}</strong>.
        </Trans>
      </p>
      <form className={css.form} onSubmit={onSubmit} noValidate>
        <input type="email" name="email" value={email} autoComplete="username" readOnly hidden />
        <PasswordField
          {...form.field('newPassword')}
          label={t`Nova senha`}
          hint={t`De ${PASSWORD_MIN} a ${PASSWORD_MAX} caracteres.`}
          autoComplete="new-password"
          required
        />
        <PasswordField
          {...form.field('confirmPassword')}
          label={t`Repita a nova senha`}
          autoComplete="new-password"
          required
        />
        <div className={css.actions}>
          <Button type="submit" fullWidth busy={update.isPending}>
            <Trans>Atualizar senha</Trans>
          </Button>
        </div>
      </form>
    </>
  );
}

function CheckIcon() {
  return (
    <svg
      width="30"
      height="30"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      aria-hidden="true"
      focusable="false"
    >
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </svg>
  );
}

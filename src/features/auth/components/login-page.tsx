import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField, TextField } from '@/components/ui/field';
import { PRODUCT_NAME } from '@/lib/brand';
import { email, required } from '@/lib/validation';
import { useLogin } from '../api/login';
import { loginFailureMessage } from '../failure-messages';
import { postLoginTarget } from '../session-flow';
import * as css from './auth.css';
import { TwoFactorStep } from './two-factor-step';
import { useForm } from './use-form';

const schema = () => ({ login: [required, email], password: [required] });

export function LoginPage({ redirectTo }: { redirectTo?: string }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const signIn = useLogin();
  const form = useForm({ login: '', password: '' }, schema);
  const product = PRODUCT_NAME;
  const [challenge, setChallenge] = useState<string | null>(null);
  const done = () => void navigate({ href: postLoginTarget(redirectTo), replace: true });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending || signIn.isSuccess) return;
    const values = form.submit();
    if (!values) return;
    signIn.mutate(
      { login: values.login.trim(), password: values.password },
      {
        onSuccess: (next) => {
          if (next) setChallenge(next.challenge);
          else done();
        },
      },
    );
  };

  if (challenge)
    return (
      <TwoFactorStep
        challenge={challenge}
        onDone={done}
        onBack={() => {
          setChallenge(null);
          signIn.reset();
        }}
      />
    );

  return (
    <>
      <h1 className={css.title}>
        <Trans>Entre no {product}</Trans>
      </h1>
      <p className={css.lead}>
        <Trans>Acesse o console de transmissões e vídeos com seu e-mail e senha.</Trans>
      </p>
      <form className={css.form} onSubmit={onSubmit} noValidate>
        {signIn.isError ? <Alert title={t`Error!`}>{i18n._(loginFailureMessage(signIn.error))}</Alert> : null}
        <TextField
          {...form.field('login')}
          label={t`E-mail`}
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        <PasswordField
          {...form.field('password')}
          label={t`Senha`}
          autoComplete="current-password"
          required
        />
        <div className={css.rowEnd}>
          <Link to="/auth/recover-password" className={css.textLink}>
            <Trans>Esqueceu a senha?</Trans>
          </Link>
        </div>
        <div className={css.actions}>
          <Button type="submit" fullWidth busy={signIn.isPending || signIn.isSuccess}>
            <Trans>Entrar</Trans>
          </Button>
        </div>
      </form>
    </>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { email, normalizeEmailInput, required } from '@/lib/validation';
import { useSendRecoveryEmail } from '../api/send-recovery-email';
import { recoveryFailureMessage } from '../failure-messages';
import * as css from './auth.css';
import { useForm } from './use-form';

const schema = () => ({ email: [required, email] });

/** The e-mail form that asks for a recovery link (POST /bff/forget-password/send-email). The field
 * strips whitespace and lowercases as the user types. */
export function RecoveryRequestForm({ onSent }: { onSent: (address: string) => void }) {
  const { t, i18n } = useLingui();
  const send = useSendRecoveryEmail();
  const form = useForm({ email: '' }, schema);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const values = form.submit();
    if (!values) return;
    send.mutate(
      { email: values.email, locale: i18n.locale },
      {
        onSuccess: () => onSent(values.email),
        onError: (error) => {
          form.setError('email', recoveryFailureMessage(error));
          form.focus('email');
        },
      },
    );
  };

  return (
    <form className={css.form} onSubmit={onSubmit} noValidate>
      <TextField
        {...form.field('email', normalizeEmailInput)}
        label={t`E-mail`}
        type="text"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        required
      />
      <div className={css.actions}>
        <Button type="submit" fullWidth busy={send.isPending}>
          <Trans>Enviar</Trans>
        </Button>
        <Link to="/auth/login" className={buttonClass('secondary', true)}>
          <Trans>Voltar</Trans>
        </Link>
      </div>
    </form>
  );
}

export function MailIcon() {
  return (
    <svg
      width="30"
      height="30"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </svg>
  );
}

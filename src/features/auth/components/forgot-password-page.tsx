import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { maskEmail } from '@/lib/validation';
import * as css from './auth.css';
import { MailIcon, RecoveryRequestForm } from './recovery-request-form';
import { useFocusOnChange } from './use-focus-on-change';

/** SPEC §2.1 forgot-password variant: the same request; the success screen shows the address masked. */
export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const headingRef = useFocusOnChange(sentTo);

  if (sentTo) {
    const masked = maskEmail(sentTo);
    return (
      <div className={css.centered}>
        <span className={css.badge}>
          <MailIcon />
        </span>
        <h1 className={css.title} ref={headingRef} tabIndex={-1}>
          <Trans>E-mail enviado</Trans>
        </h1>
        <p className={css.lead}>
          <Trans>
            Se houver uma conta com o endereço <strong className={css.address}>{masked}</strong>, você
            receberá um link para criar uma nova senha.
          </Trans>
        </p>
        <Link to="/auth/login" className={buttonClass('primary', true)}>
          <Trans>Voltar para o login</Trans>
        </Link>
      </div>
    );
  }

  return (
    <>
      <h1 className={css.title} ref={headingRef} tabIndex={-1}>
        <Trans>Esqueceu a senha?</Trans>
      </h1>
      <p className={css.lead}>
        <Trans>Digite seu e-mail e enviaremos um link para você criar uma nova senha.</Trans>
      </p>
      <RecoveryRequestForm onSent={setSentTo} />
    </>
  );
}

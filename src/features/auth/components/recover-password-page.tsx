import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import * as css from './auth.css';
import { MailIcon, RecoveryRequestForm } from './recovery-request-form';
import { useFocusOnChange } from './use-focus-on-change';

/** SPEC §2.1 /auth/recover-password: ask for a link, then confirm the address it goes to. */
export function RecoverPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const headingRef = useFocusOnChange(sentTo);

  if (sentTo) {
    return (
      <div className={css.centered}>
        <span className={css.badge}>
          <MailIcon />
        </span>
        <h1 className={css.title} ref={headingRef} tabIndex={-1}>
          <Trans>Verifique seu e-mail</Trans>
        </h1>
        <p className={css.lead}>
          <Trans>
            Se houver uma conta com o endereço <strong className={css.address}>{sentTo}</strong>, você
            receberá um link para criar uma nova senha. O link vale por 30 minutos.
          </Trans>
        </p>
        <Link to="/auth/login" className={buttonClass('primary', true)}>
          <Trans>Voltar</Trans>
        </Link>
      </div>
    );
  }

  return (
    <>
      <h1 className={css.title} ref={headingRef} tabIndex={-1}>
        <Trans>Recuperação de senha</Trans>
      </h1>
      <p className={css.lead}>
        <Trans>
          Informe o e-mail da sua conta. Enviaremos por e-mail um link para você criar uma nova senha.
        </Trans>
      </p>
      <RecoveryRequestForm onSent={setSentTo} />
    </>
  );
}

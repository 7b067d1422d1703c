import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { required } from '@/lib/validation';
import { useLoginSecondStep } from '../api/login-second-step';
import { twoFactorFailureMessage } from '../failure-messages';
import * as css from './auth.css';
import { useForm } from './use-form';

const schema = () => ({ code: [required] });

/** The login's second step for a user with two-factor sign-in: the app's code or a recovery code. */
export function TwoFactorStep({
  challenge,
  onDone,
  onBack,
}: {
  challenge: string;
  onDone: () => void;
  onBack: () => void;
}) {
  const { t, i18n } = useLingui();
  const verify = useLoginSecondStep();
  const form = useForm({ code: '' }, schema);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending || verify.isSuccess) return;
    const values = form.submit();
    if (!values) return;
    verify.mutate({ challenge, code: values.code.trim() }, { onSuccess: onDone });
  };

  return (
    <>
      <h1 className={css.title}>
        <Trans>Verificação em duas etapas</Trans>
      </h1>
      <p className={css.lead}>
        <Trans>
          Digite o código de 6 dígitos do seu aplicativo autenticador ou um código de recuperação.
        </Trans>
      </p>
      <form className={css.form} onSubmit={onSubmit} noValidate>
        {verify.isError ? (
          <Alert title={t`Error!`}>{i18n._(twoFactorFailureMessage(verify.error))}</Alert>
        ) : null}
        <TextField
          {...form.field('code')}
          label={t`Código de verificação`}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        <div className={css.actions}>
          <Button type="submit" fullWidth busy={verify.isPending || verify.isSuccess}>
            <Trans>Verificar</Trans>
          </Button>
        </div>
        <div className={css.rowEnd}>
          <button type="button" className={css.textLink} onClick={onBack}>
            <Trans>Voltar</Trans>
          </button>
        </div>
      </form>
    </>
  );
}

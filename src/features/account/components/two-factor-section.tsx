import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField, TextField } from '@/components/ui/field';
import * as layout from '@/components/ui/layout.css';
import { notify } from '@/components/ui/notify';
import { failureText } from '@/lib/failure-text';
import {
  useTwoFactorDisable,
  useTwoFactorEnable,
  useTwoFactorSetup,
  useTwoFactorStatus,
} from '../api/two-factor';

/** The own two-factor sign-in: set up with a QR code and a confirming code; recovery codes shown once. */
export function TwoFactorSection() {
  const { t } = useLingui();
  const status = useTwoFactorStatus();
  const setup = useTwoFactorSetup();
  const enable = useTwoFactorEnable();
  const disable = useTwoFactorDisable();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const onEnable = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) return setError(t`O campo é obrigatório`);
    setError(undefined);
    enable.mutate(code.trim(), {
      onSuccess: (answer) => {
        setRecoveryCodes(answer.recoveryCodes);
        setCode('');
        setup.reset();
        notify('success', t`Verificação em duas etapas ativada`, '');
      },
      onError: (e) => setError(failureText(e, t`Código inválido. Tente novamente`)),
    });
  };

  const onDisable = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password || !code.trim()) return setError(t`O campo é obrigatório`);
    setError(undefined);
    disable.mutate(
      { currentPassword: password, code: code.trim() },
      {
        onSuccess: () => {
          setPassword('');
          setCode('');
          setRecoveryCodes(null);
          notify('success', t`Verificação em duas etapas desativada`, '');
        },
        onError: (e) => setError(failureText(e, t`Não foi possível desativar. Tente novamente`)),
      },
    );
  };

  const codeField = (
    <TextField
      name="twoFactorCode"
      label={t`Código de verificação`}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={32}
      value={code}
      onChange={(e) => setCode(e.target.value)}
    />
  );

  return (
    <section className={layout.card} aria-label={t`Verificação em duas etapas`}>
      <h2 className={layout.cardTitle}>
        <Trans>Verificação em duas etapas</Trans>
      </h2>
      {recoveryCodes ? (
        <Alert tone="info" title={t`Guarde estes códigos de recuperação`}>
          <p>
            <Trans>Cada código entra uma vez, sem o aplicativo. Eles não serão mostrados de novo.</Trans>
          </p>
          <ul aria-label={t`Códigos de recuperação`}>
            {recoveryCodes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {status.data?.enabled ? (
        <form onSubmit={onDisable} noValidate aria-label={t`Desativar a verificação em duas etapas`}>
          <p className={layout.muted}>
            <Trans>Ativada: o login pede um código do aplicativo autenticador.</Trans>
          </p>
          <PasswordField
            name="twoFactorPassword"
            label={t`Senha atual`}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {codeField}
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className={layout.actions}>
            <Button type="submit" variant="secondary" busy={disable.isPending}>
              <Trans>Desativar</Trans>
            </Button>
          </div>
        </form>
      ) : setup.data ? (
        <form onSubmit={onEnable} noValidate aria-label={t`Ativar a verificação em duas etapas`}>
          <p className={layout.muted}>
            <Trans>Leia o QR code no aplicativo autenticador e digite o código que ele mostra.</Trans>
          </p>
          <img src={setup.data.qr} alt={t`QR code para o aplicativo autenticador`} width={200} height={200} />
          <p className={layout.muted}>
            <Trans>Ou digite a chave:</Trans> <code data-testid="totp-secret">{setup.data.secret}</code>
          </p>
          {codeField}
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className={layout.actions}>
            <Button type="submit" busy={enable.isPending}>
              <Trans>Ativar</Trans>
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p className={layout.muted}>
            <Trans>Proteja o login com um código do aplicativo autenticador além da senha.</Trans>
          </p>
          <div className={layout.actions}>
            <Button
              type="button"
              busy={setup.isPending}
              disabled={status.isPending}
              onClick={() =>
                setup.mutate(undefined, {
                  onError: (e) => notify('error', failureText(e, t`Ocorreu um erro. Tente novamente`), ''),
                })
              }
            >
              <Trans>Configurar</Trans>
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

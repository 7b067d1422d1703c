import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField, TextField } from '@/components/ui/field';
import * as form from '@/components/ui/form.css';
import * as layout from '@/components/ui/layout.css';
import { notify } from '@/components/ui/notify';
import { failureText } from '@/lib/failure-text';
import { useSession } from '@/lib/use-session';
import { useChangePassword, useSaveProfile, useSignOutOthers } from '../api/profile';
import { AvatarField } from './avatar-field';
import { TwoFactorSection } from './two-factor-section';

/** Every signed-in user's own profile (/profile and /account/settings): name, password (the current one
 * required), other sessions, two-factor sign-in. */
export function ProfileSection() {
  const { t } = useLingui();
  const user = useSession().user;
  const saveProfile = useSaveProfile();
  const changePassword = useChangePassword();
  const signOutOthers = useSignOutOthers();
  const [name, setName] = useState(user?.nome ?? '');
  const [nameError, setNameError] = useState<string>();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  useEffect(() => setName(user?.nome ?? ''), [user?.nome]);

  const onName = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError(t`O campo é obrigatório`);
    setNameError(undefined);
    saveProfile.mutate(trimmed, {
      onSuccess: () => notify('success', t`Perfil atualizado`, trimmed),
      onError: (e) => setNameError(failureText(e, t`Não foi possível salvar o perfil. Tente novamente`)),
    });
  };

  const onPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // SPEC §5 "New password".
    if (!current || !next) return setPasswordError(t`O campo é obrigatório`);
    if (next.length < 4) return setPasswordError(t`O tamanho minimo é 4`);
    if (next.length > 16) return setPasswordError(t`O tamanho máximo é 16`);
    if (next !== repeat) return setPasswordError(t`Senhas incompatíveis`);
    setPasswordError(undefined);
    changePassword.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setRepeat('');
          notify('success', t`Senha atualizada`, t`As outras sessões foram encerradas`);
        },
        onError: (e) =>
          setPasswordError(failureText(e, t`Não foi possível atualizar a senha. Tente novamente`)),
      },
    );
  };

  return (
    <>
      <form className={layout.card} onSubmit={onName} noValidate aria-label={t`Perfil`}>
        <h2 className={layout.cardTitle}>
          <Trans>Perfil</Trans>
        </h2>
        <p className={layout.muted}>{user?.login}</p>
        <AvatarField />
        <TextField
          name="profileName"
          label={t`Nome`}
          value={name}
          maxLength={100}
          error={nameError}
          onChange={(e) => setName(e.target.value)}
        />
        <div className={layout.actions}>
          <Button type="submit" busy={saveProfile.isPending}>
            <Trans>Salvar perfil</Trans>
          </Button>
        </div>
      </form>
      <form className={layout.card} onSubmit={onPassword} noValidate aria-label={t`Alterar senha`}>
        <h2 className={layout.cardTitle}>
          <Trans>Alterar senha</Trans>
        </h2>
        <p className={layout.muted}>
          <Trans>A nova senha encerra as outras sessões e revoga as chaves de API que você criou.</Trans>
        </p>
        <div className={form.formGrid}>
          <PasswordField
            name="currentPassword"
            label={t`Senha atual`}
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
          <PasswordField
            name="newPassword"
            label={t`Nova senha`}
            autoComplete="new-password"
            maxLength={16}
            value={next}
            onChange={(e) => setNext(e.target.value)}
          />
          <PasswordField
            name="repeatPassword"
            label={t`Repita a nova senha`}
            autoComplete="new-password"
            maxLength={16}
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
          />
        </div>
        {passwordError ? <Alert tone="error">{passwordError}</Alert> : null}
        <div className={layout.actions}>
          <Button type="submit" busy={changePassword.isPending}>
            <Trans>Atualizar senha</Trans>
          </Button>
        </div>
      </form>
      <section className={layout.card} aria-label={t`Sessões`}>
        <h2 className={layout.cardTitle}>
          <Trans>Sessões</Trans>
        </h2>
        <p className={layout.muted}>
          <Trans>
            Encerra o acesso em todos os outros dispositivos e navegadores e revoga as chaves de API que você
            criou; este continua conectado.
          </Trans>
        </p>
        <div className={layout.actions}>
          <Button
            type="button"
            variant="secondary"
            busy={signOutOthers.isPending}
            onClick={() =>
              signOutOthers.mutate(undefined, {
                onSuccess: () => notify('success', t`As outras sessões foram encerradas`, ''),
                onError: (e) => notify('error', failureText(e, t`Não foi possível encerrar as sessões`), ''),
              })
            }
          >
            <Trans>Encerrar todas as outras sessões</Trans>
          </Button>
        </div>
      </section>
      <TwoFactorSection />
    </>
  );
}

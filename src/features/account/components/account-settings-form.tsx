import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ColorInput } from '@/components/ui/color-input';
import { TextField } from '@/components/ui/field';
import * as form from '@/components/ui/form.css';
import * as layout from '@/components/ui/layout.css';
import { ListError, listQueryState } from '@/components/ui/list-error';
import { notify } from '@/components/ui/notify';
import { Select } from '@/components/ui/select';
import { failureText } from '@/lib/failure-text';
import { check, wholeNumberIn } from '@/lib/validation';
import { type AccountSettings, useAccountSettings, useSaveAccountSettings } from '../api/account-settings';
import { AccountLogoField } from './account-logo-field';

/** The time zones the browser knows, for the picker; the server checks the choice again. */
const ZONES: readonly string[] = Intl.supportedValuesOf?.('timeZone') ?? ['America/Sao_Paulo'];

/** The team's settings (showAccountSettings): name, default language, time zone, FPS limit, player colour. */
export function AccountSettingsForm() {
  const { t, i18n } = useLingui();
  const query = useAccountSettings();
  const save = useSaveAccountSettings();
  const [draft, setDraft] = useState<AccountSettings>();
  // The FPS limit as typed: checked, never rounded (2.5 is refused, not saved as 2).
  const [fpsText, setFpsText] = useState('');
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string>();
  useEffect(() => {
    setDraft(query.data);
    if (query.data) setFpsText(String(query.data.fpsLimit));
  }, [query.data]);

  // Offline (or when a refetch fails) the saved settings stay on screen under the 'as of' bar; with
  // nothing saved, the bar's error state says why.
  const state = <ListError {...listQueryState(query)} subject="data" />;
  if (!draft) return query.isError ? state : <p className={layout.muted}>{t`Carregando…`}</p>;

  const set = (patch: Partial<AccountSettings>) => setDraft({ ...draft, ...patch });
  const fpsError = check(fpsText, wholeNumberIn(1, 240));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    const name = draft.name.trim();
    if (!name) return setError(t`O campo é obrigatório`);
    if (fpsError) return setError(undefined);
    setError(undefined);
    const { language, timeZone, playerColor } = draft;
    save.mutate(
      { name, language, timeZone, fpsLimit: Number(fpsText.trim()), playerColor },
      {
        onSuccess: () => notify('success', t`Configurações salvas`, name),
        onError: (e) =>
          setError(failureText(e, t`Não foi possível salvar as configurações. Tente novamente`)),
      },
    );
  };

  return (
    <form className={layout.card} onSubmit={onSubmit} noValidate aria-label={t`Conta`}>
      <h2 className={layout.cardTitle}>
        <Trans>Conta</Trans>
      </h2>
      {state}
      <AccountLogoField logo={query.data?.logo ?? null} />
      <div className={form.formGrid}>
        <TextField
          name="name"
          label={t`Nome da conta`}
          value={draft.name}
          maxLength={100}
          onChange={(e) => set({ name: e.target.value })}
        />
        <Select
          name="language"
          label={t`Idioma padrão`}
          value={draft.language}
          options={[
            { value: 'pt-BR', label: 'Português (Brasil)' },
            { value: 'en', label: 'English' },
          ]}
          onValueChange={(language) => set({ language: language === 'en' ? 'en' : 'pt-BR' })}
        />
        <Select
          name="timeZone"
          label={t`Fuso horário`}
          value={draft.timeZone}
          options={(ZONES.includes(draft.timeZone) ? ZONES : [draft.timeZone, ...ZONES]).map((z) => ({
            value: z,
            label: z,
          }))}
          onValueChange={(timeZone) => set({ timeZone })}
        />
        <TextField
          name="fpsLimit"
          type="number"
          label={t`Limite de FPS`}
          hint={t`Acima deste valor, o alerta de FPS alto é exibido`}
          min={1}
          max={240}
          value={fpsText}
          error={checked && fpsError ? i18n._(fpsError) : undefined}
          onChange={(e) => setFpsText(e.target.value)}
        />
        <ColorInput
          name="playerColor"
          label={t`Cor padrão do player`}
          hint={t`Usada nas novas transmissões`}
          value={draft.playerColor}
          onChange={(playerColor) => set({ playerColor })}
        />
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className={layout.actions}>
        <Button type="submit" busy={save.isPending}>
          <Trans>Salvar</Trans>
        </Button>
      </div>
    </form>
  );
}

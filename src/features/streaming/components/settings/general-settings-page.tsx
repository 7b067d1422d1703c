import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import * as layout from '@/components/ui/layout.css';
import { notify } from '@/components/ui/notify';
import { Steps } from '@/components/ui/steps';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePreset } from '../../api/get-preset';
import { useUpdatePreset } from '../../api/update-preset';
import { type SettingsForm, settingsForm, settingsPayload } from '../../lib/form';
import { type FormErrors, validateSettings } from '../../lib/validate';
import { AdsFields } from '../fields/ads-fields';
import { DomainsField } from '../fields/domains-field';
import { GeoFields } from '../fields/geo-fields';
import { PlayerFields } from '../fields/player-fields';
import { StudioFields } from '../fields/studio-fields';
import { TransmissionFields } from '../fields/transmission-fields';
import { BackIcon } from '../icons';
import * as css from '../streaming.css';
import { UsersList } from './users-list';

/** The general settings wizard's steps and the fields (payload paths) each holds. */
const STEP_PREFIXES = [
  ['type', 'latency', 'autoStart', 'autoCuts', 'transcode'],
  ['studio'],
  ['assets', 'analyticsMeasurementId'],
  ['security'],
  ['ads'],
] as const;
const stepOf = (field: string) =>
  Math.max(
    0,
    STEP_PREFIXES.findIndex((prefixes) => prefixes.some((p) => field === p || field.startsWith(`${p}.`))),
  );

/** SPEC §2.7 general settings wizard (Settings, Studio, Player options, Permissions, Ads): the
 * account's defaults for new streams (GET/PUT /bff/lives/preset). */
export function GeneralSettingsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Configurações gerais`);
  const preset = usePreset();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the stored preset seeds the form once.
  const initial = useMemo(() => settingsForm(preset), []);
  const [form, setForm] = useState<SettingsForm>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [step, setStep] = useState(0);
  const [failure, setFailure] = useState<string>();
  const save = useUpdatePreset();

  const set = (patch: Partial<SettingsForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors({});
  };
  const submit = () => {
    const found = validateSettings(form);
    if (Object.keys(found).length) {
      setErrors(found);
      setStep(Math.min(...Object.keys(found).map(stepOf)));
      return;
    }
    // Offline nothing is sent (the request would wait, unseen, for the connection): the page says so.
    if (!navigator.onLine) {
      setFailure(t`Você está offline. As configurações podem ser salvas quando a conexão voltar.`);
      return;
    }
    setFailure(undefined);
    save.mutate(settingsPayload(form), {
      onSuccess: () => notify('success', t`Configurações gerais salvas`),
      onError: (e) => {
        const field = e instanceof ApiError ? (e.data as { field?: unknown })?.field : undefined;
        if (e instanceof ApiError && typeof field === 'string') {
          setErrors({ [field.replace(/^settings\./, '')]: e.message });
          setStep(stepOf(field));
        }
        setFailure(
          e instanceof ApiError && e.status > 0 && e.status < 500
            ? t`Não foi possível salvar: ${e.message}`
            : t`Não foi possível salvar as configurações. Tente novamente`,
        );
      },
    });
  };

  const labels = [t`Configurações`, t`Estúdio`, t`Opções do player`, t`Permissões`, t`Anúncios`];
  const invalid = new Set(Object.keys(errors).map(stepOf));
  const props = { form, set, errors };

  return (
    <section className={layout.page} aria-labelledby="settings-title">
      <Link to="/streaming" className={layout.backLink}>
        <BackIcon />
        <Trans>Transmissões</Trans>
      </Link>
      <div>
        <h1 id="settings-title" className={layout.pageTitle}>
          <Trans>Configurações gerais</Trans>
        </h1>
        <p className={css.subtitle}>
          <Trans>Os valores padrão de cada nova transmissão desta conta.</Trans>
        </p>
      </div>
      {failure ? <Alert>{failure}</Alert> : null}
      <form
        className={layout.page}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Steps
          label={t`Etapas`}
          invalidLabel={t`com erro`}
          steps={labels.map((label, i) => ({ label, invalid: invalid.has(i) }))}
          step={step}
          onStepChange={setStep}
        >
          <div className={layout.card}>
            <h2 className={layout.cardTitle}>{labels[step]}</h2>
            {step === 0 ? (
              <TransmissionFields {...props} />
            ) : step === 1 ? (
              <StudioFields {...props} />
            ) : step === 2 ? (
              <PlayerFields {...props} />
            ) : step === 3 ? (
              <div className={layout.page}>
                <DomainsField {...props} />
                <GeoFields {...props} />
                <UsersList />
              </div>
            ) : (
              <AdsFields {...props} />
            )}
          </div>
        </Steps>
        <div className={css.wizardFooter}>
          <div className={layout.actions}>
            {step > 0 ? (
              <Button variant="secondary" className={css.grow} onClick={() => setStep(step - 1)}>
                <Trans>Voltar</Trans>
              </Button>
            ) : null}
          </div>
          <div className={layout.actions}>
            {step < labels.length - 1 ? (
              <Button variant="secondary" className={css.grow} onClick={() => setStep(step + 1)}>
                <Trans>Próximo</Trans>
              </Button>
            ) : null}
            <Button type="submit" className={css.grow} busy={save.isPending}>
              <Trans>Salvar configurações</Trans>
            </Button>
          </div>
        </div>
      </form>
    </section>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useApplySettings } from '../api/apply-settings';
import { presetQueryOptions } from '../api/get-preset';
import type { Stream } from '../api/stream';
import { settingsApplyTo, streamsUpdated } from '../lib/counts';
import { settingsForm, settingsPayload } from '../lib/form';
import { hasStarted } from '../lib/status';
import * as css from './streaming.css';

/** SPEC §2.7 "apply settings to selected streams": the account's general settings, all at once. Streams
 * that have started keep their latency and player colour; when the server refuses for them, the user
 * may apply the rest. */
export function ApplySettingsDialog({
  open,
  onOpenChange,
  streams,
  onApplied,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  streams: readonly Stream[];
  onApplied: () => void;
}) {
  const { t, i18n } = useLingui();
  const preset = useQuery({ ...presetQueryOptions(), enabled: open });
  const apply = useApplySettings();
  const [error, setError] = useState<string>();
  const [refused, setRefused] = useState<string[]>([]);
  const started = streams.filter((s) => hasStarted(s.status));

  const run = (keepLocked: boolean) => {
    if (!preset.data) return;
    const settings = settingsPayload(settingsForm(preset.data));
    const body = keepLocked ? (({ latency: _l, assets: _a, ...rest }) => rest)(settings) : settings;
    setError(undefined);
    apply.mutate(
      { ids: streams.map((s) => s.id), settings: body },
      {
        onSuccess: ({ updated }) => {
          notify('success', t`Configurações aplicadas`, i18n._(streamsUpdated(updated)));
          setRefused([]);
          onOpenChange(false);
          onApplied();
        },
        onError: (e) => {
          if (e instanceof ApiError && e.status === 409) {
            const ids = (e.data as { ids?: unknown })?.ids;
            setRefused(Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : []);
            setError(e.message);
          } else if (e instanceof ApiError && e.status === 404) setError(t`Transmissão não encontrada`);
          else if (e instanceof ApiError && e.status > 0 && e.status < 500) setError(e.message);
          else setError(t`Não foi possível aplicar as configurações. Tente novamente`);
        },
      },
    );
  };

  const names = streams.filter((s) => refused.includes(s.id)).map((s) => s.nome);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => {
        if (!o) {
          setError(undefined);
          setRefused([]);
        }
        onOpenChange(o);
      }}
      title={<Trans>Aplicar configurações gerais</Trans>}
      description={i18n._(settingsApplyTo(streams.length))}
      confirmLabel={<Trans>Aplicar</Trans>}
      cancelLabel={<Trans>Cancelar</Trans>}
      closeLabel={t`Fechar`}
      busy={apply.isPending || preset.isPending}
      error={error}
      onConfirm={() => run(false)}
    >
      <ul className={css.chips} aria-label={t`Transmissões selecionadas`}>
        {streams.map((s) => (
          <li key={s.id} className={css.chipStatic}>
            {s.nome}
          </li>
        ))}
      </ul>
      {started.length > 0 ? (
        <p className={css.muted}>
          <Trans>Transmissões já iniciadas não podem mudar a latência nem a cor do player.</Trans>
        </p>
      ) : null}
      {names.length > 0 ? (
        <div className={css.toolbar}>
          <p className={css.warningText}>
            <Trans>Recusadas: {names.join(', ')}</Trans>
          </p>
          <Button variant="secondary" onClick={() => run(true)} busy={apply.isPending}>
            <Trans>Aplicar sem latência e cor do player</Trans>
          </Button>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}

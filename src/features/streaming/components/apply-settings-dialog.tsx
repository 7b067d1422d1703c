import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import * as layout from '@/components/ui/layout.css';
import { notify } from '@/components/ui/notify';
import { ApiError } from '@/lib/api-client';
import { useApplySettings } from '../api/apply-settings';
import { presetQueryOptions } from '../api/get-preset';
import type { Stream } from '../api/stream';
import { settingsApplyTo, streamsUpdated } from '../lib/counts';
import { settingsForm, settingsPayload } from '../lib/form';
import { hasStarted } from '../lib/status';
import * as css from './streaming.css';

const NONE = { ids: [], ended: [] };
const idsOf = (value: unknown) =>
  Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];

/** SPEC §2.7 "apply settings to selected streams": the account's general settings, all at once. Streams
 * that have started keep their latency and player colour, and those that have ended their type,
 * transcode and automation; when the server refuses for them, the user may apply the rest to the
 * others (the refused finished ones are left out and named as not changed). */
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
  const [refused, setRefused] = useState<{ ids: string[]; ended: string[] }>(NONE);
  const started = streams.filter((s) => hasStarted(s.status));
  const refusedStreams = streams.filter((s) => refused.ids.includes(s.id));
  // Ended (perhaps since the list was read) and refused for on-air settings: refused again without
  // latency and colour, so the retry leaves them out.
  const skipped = streams.filter((s) => refused.ended.includes(s.id));
  const others = streams.filter((s) => !skipped.includes(s));

  const run = (keepLocked: boolean) => {
    if (!preset.data) return;
    const settings = settingsPayload(settingsForm(preset.data));
    const body = keepLocked ? (({ latency: _l, assets: _a, ...rest }) => rest)(settings) : settings;
    const targets = keepLocked ? others : streams;
    const unchanged = keepLocked ? skipped.map((s) => s.nome).join(', ') : '';
    setError(undefined);
    apply.mutate(
      { ids: targets.map((s) => s.id), settings: body },
      {
        onSuccess: ({ updated }) => {
          notify('success', t`Configurações aplicadas`, i18n._(streamsUpdated(updated)));
          if (unchanged) notify('warning', t`Transmissões encerradas não alteradas`, unchanged);
          setRefused(NONE);
          onOpenChange(false);
          onApplied();
        },
        onError: (e) => {
          if (e instanceof ApiError && e.status === 409) {
            const data = e.data as { ids?: unknown; ended?: unknown } | undefined;
            setRefused({ ids: idsOf(data?.ids), ended: idsOf(data?.ended) });
            setError(e.message);
          } else if (e instanceof ApiError && e.status === 404) setError(t`Transmissão não encontrada`);
          else if (e instanceof ApiError && e.status > 0 && e.status < 500) setError(e.message);
          else setError(t`Não foi possível aplicar as configurações. Tente novamente`);
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => {
        if (!o) {
          setError(undefined);
          setRefused(NONE);
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
        <p className={layout.muted}>
          <Trans>Transmissões já iniciadas não podem mudar a latência nem a cor do player.</Trans>
        </p>
      ) : null}
      {refusedStreams.length > 0 ? (
        <div className={layout.toolbar}>
          <p className={css.warningText}>
            <Trans>Recusadas: {refusedStreams.map((s) => s.nome).join(', ')}</Trans>
          </p>
          {skipped.length > 0 ? (
            <p className={css.warningText}>
              <Trans>Encerradas, não serão alteradas: {skipped.map((s) => s.nome).join(', ')}</Trans>
            </p>
          ) : null}
          {others.length > 0 ? (
            <Button variant="secondary" onClick={() => run(true)} busy={apply.isPending}>
              {skipped.length > 0 ? (
                <Trans>Aplicar às demais, sem latência e cor do player</Trans>
              ) : (
                <Trans>Aplicar sem latência e cor do player</Trans>
              )}
            </Button>
          ) : null}
        </div>
      ) : null}
    </ConfirmDialog>
  );
}

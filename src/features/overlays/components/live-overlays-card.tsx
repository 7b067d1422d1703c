import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import * as layout from '@/components/ui/layout.css';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { failureText } from '@/lib/failure-text';
import { useOnline } from '@/lib/use-online';
import { useLives } from '../api/list-lives';
import { useLiveOverlays, useSetLiveOverlays } from '../api/live-overlays';
import type { OverlayItem } from '../api/overlay';
import * as css from './overlays.css';

/** Turn overlays on and off for one live; viewers see each change at once, during the live too. */
export function LiveOverlaysCard({
  overlays,
  initialLive,
}: {
  overlays: OverlayItem[];
  initialLive?: string;
}) {
  const { t } = useLingui();
  const lives = useLives();
  const online = useOnline();
  const [liveId, setLiveId] = useState(initialLive ?? '');
  const active = useLiveOverlays(liveId);
  const save = useSetLiveOverlays(liveId);
  const [error, setError] = useState<string>();
  const on = active.data ?? [];

  const toggle = (id: string, checked: boolean) => {
    setError(undefined);
    const next = checked ? [...on.filter((x) => x !== id), id] : on.filter((x) => x !== id);
    save.mutate(next, {
      onError: (e) => setError(failureText(e, t`Não foi possível atualizar os overlays. Tente novamente`)),
    });
  };

  return (
    <section className={layout.card} aria-labelledby="live-overlays-title">
      <h2 id="live-overlays-title" className={layout.cardTitle}>
        <Trans>Overlays na transmissão</Trans>
      </h2>
      <Select
        name="liveId"
        label={t`Transmissão`}
        placeholder={t`Escolha uma transmissão`}
        value={liveId}
        options={(lives.data ?? []).map((l) => ({ value: l.id, label: l.nome }))}
        onValueChange={setLiveId}
      />
      {lives.isError && lives.data === undefined ? (
        <Alert tone="error">
          {online
            ? t`Não foi possível carregar as transmissões`
            : t`Você está offline: as transmissões ainda não foram salvas neste aparelho.`}
        </Alert>
      ) : null}
      {liveId && active.data ? (
        overlays.length === 0 ? (
          <p className={layout.muted}>
            <Trans>Crie um overlay para ligá-lo nesta transmissão.</Trans>
          </p>
        ) : (
          <div className={css.switches}>
            {overlays.map((o) => (
              <Switch
                key={o.id}
                name={`overlay-${o.id}`}
                label={o.name}
                checked={on.includes(o.id)}
                busy={save.isPending}
                onCheckedChange={(checked) => toggle(o.id, checked)}
              />
            ))}
          </div>
        )
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
    </section>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { FpsAlertEvent } from '@/lib/realtime/events';
import { claimFpsAlert } from '@/lib/realtime/fps-gate';
import { useRealtimeEvents } from '@/lib/realtime/use-realtime';
import { FPS_LIMIT } from '../lib/signal-video';

/** SPEC §4 "High-FPS alert": a dialog when an `alerta_fps_alto` arrives, at most once per 10 s across
 * every tab of the browser (the tabs agree through src/lib/realtime/fps-gate.ts). */
export function FpsAlertDialog() {
  const { t } = useLingui();
  const [alert, setAlert] = useState<FpsAlertEvent>();
  useRealtimeEvents((event) => {
    if (event.evento !== 'alerta_fps_alto') return;
    void claimFpsAlert().then((mine) => {
      if (mine) setAlert(event);
    });
  });
  const limit = alert?.limite ?? FPS_LIMIT;
  const title = alert?.titulo ?? '';
  return (
    <Dialog
      open={alert !== undefined}
      onOpenChange={(open) => {
        if (!open) setAlert(undefined);
      }}
      title={<Trans>FPS acima do limite</Trans>}
      description={
        <Trans>
          O sinal da transmissão “{title}” ultrapassou o limite de {limit} FPS definido para a conta. Ajuste
          para o padrão.
        </Trans>
      }
      closeLabel={t`Fechar`}
      footer={
        <Button onClick={() => setAlert(undefined)}>
          <Trans>Entendi</Trans>
        </Button>
      }
    />
  );
}

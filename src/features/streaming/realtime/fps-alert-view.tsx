import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { FpsAlertEvent } from '@/lib/realtime/events';
import { FPS_LIMIT } from '../lib/signal-video';

/** The high-FPS alert's dialog (SPEC §4), loaded with the first alert (fps-alert-dialog.tsx). */
export default function FpsAlertView({
  alert,
  onClose,
}: {
  alert: FpsAlertEvent | undefined;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const limit = alert?.limite ?? FPS_LIMIT;
  const title = alert?.titulo ?? '';
  return (
    <Dialog
      open={alert !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
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
        <Button onClick={onClose}>
          <Trans>Entendi</Trans>
        </Button>
      }
    />
  );
}

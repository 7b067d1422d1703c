import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import * as layout from '@/components/ui/layout.css';
import { notify } from '@/components/ui/notify';
import { useViewerCount } from '../../api/get-viewers';
import { useSendViewerId } from '../../api/send-viewer-id';
import type { Stream } from '../../api/stream';
import { viewersNow } from '../../lib/counts';
import * as p from './panel.css';

/** Who watches now (docs/playback.md "Viewer counts", "Viewer-ID signal"), and the anti-piracy signal that
 * makes every current player overlay its viewer's own ID (SPEC §8 success and failure notices). */
export function PanelViewers({ stream }: { stream: Pick<Stream, 'id' | 'status'> }) {
  const { t, i18n } = useLingui();
  const onAir = stream.status === 'live' || stream.status === 'paused';
  const count = useViewerCount(stream.id, onAir);
  const send = useSendViewerId(stream.id);
  return (
    <div className={p.viewers}>
      <p className={layout.muted} data-testid="panel-viewers" aria-live="polite">
        {count === undefined ? <Trans>Contando espectadores…</Trans> : i18n._(viewersNow(count))}
      </p>
      <Button
        variant="secondary"
        disabled={!onAir || send.isPending}
        onClick={() =>
          send.mutate(undefined, {
            onSuccess: () => notify('success', t`Sinal de identificação enviado aos espectadores`),
            onError: () => notify('error', t`Não foi possivel enviar o sinal, tente novamente!`),
          })
        }
      >
        <Trans>Enviar sinal de identificação</Trans>
      </Button>
    </div>
  );
}

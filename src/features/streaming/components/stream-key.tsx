import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import * as layout from '@/components/ui/layout.css';
import { notify } from '@/components/ui/notify';
import { ApiError } from '@/lib/api-client';
import { useCopy } from '@/lib/use-copy';
import { useRegenerateKey } from '../api/regenerate-key';
import type { Stream } from '../api/stream';
import { CopyIcon, RefreshIcon } from './icons';
import * as css from './stream-key.css';

/** A stream or signal key: hidden until asked, copied with a notice, regenerated after a confirmation
 * (the encoder using the old key stops connecting). `value` null: the user may not see keys. */
export function StreamKey({
  label,
  value,
  liveId,
  signalId,
  onRegenerated,
}: {
  label: string;
  value: string | null;
  liveId: string;
  /** Undefined: the stream's general key. */
  signalId?: string;
  onRegenerated?: (stream: Stream) => void;
}) {
  const { t } = useLingui();
  const copy = useCopy();
  const regenerate = useRegenerateKey(liveId);
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();

  if (value === null)
    return (
      <p className={layout.muted}>
        <Trans>Você não tem permissão para ver as chaves.</Trans>
      </p>
    );

  const run = () =>
    regenerate.mutate(signalId, {
      onSuccess: (stream) => {
        setConfirming(false);
        notify('success', t`Nova chave gerada`);
        onRegenerated?.(stream);
      },
      onError: (e) =>
        setError(
          e instanceof ApiError && e.status > 0 && e.status < 500
            ? e.message
            : t`Não foi possível gerar uma nova chave. Tente novamente`,
        ),
    });

  return (
    <div className={css.row}>
      <code className={css.key} data-testid="stream-key">
        {shown ? value : '•'.repeat(24)}
      </code>
      <div className={css.buttons}>
        <button type="button" className={css.button} aria-pressed={shown} onClick={() => setShown((s) => !s)}>
          {shown ? <Trans>Ocultar</Trans> : <Trans>Mostrar</Trans>}
          <span className={layout.visuallyHidden}> {label}</span>
        </button>
        <button type="button" className={css.button} onClick={() => void copy(value, t`Chave copiada`)}>
          <CopyIcon />
          <Trans>Copiar</Trans>
          <span className={layout.visuallyHidden}> {label}</span>
        </button>
        <button
          type="button"
          className={css.button}
          onClick={() => {
            setError(undefined);
            setConfirming(true);
          }}
        >
          <RefreshIcon />
          <Trans>Gerar nova</Trans>
          <span className={layout.visuallyHidden}> {label}</span>
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={<Trans>Gerar nova chave?</Trans>}
        description={
          <Trans>O encoder que usa a chave atual deixará de se conectar até receber a nova.</Trans>
        }
        confirmLabel={<Trans>Gerar nova chave</Trans>}
        cancelLabel={<Trans>Cancelar</Trans>}
        closeLabel={t`Fechar`}
        tone="danger"
        busy={regenerate.isPending}
        error={error}
        onConfirm={run}
      />
    </div>
  );
}

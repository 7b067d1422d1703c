import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ActionMenu } from '@/components/ui/menu';
import { notify } from '@/components/ui/notify';
import { useOpenedOnce } from '@/components/ui/use-opened-once';
import { ApiError } from '@/lib/api-client';
import { usePublicUrl } from '@/lib/public-url';
import { useCopy } from '@/lib/use-copy';
import { useDeleteStream } from '../api/delete-stream';
import type { Stream } from '../api/stream';
import { iframeSnippet } from '../lib/links';
import { MoreIcon } from './icons';

/** SPEC §2.7 per-item options: Signals, Monitoring, Control Panel, Copy iframe link, Edit, Delete. */
export function StreamMenu({ stream }: { stream: Stream }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const copy = useCopy();
  const publicUrl = usePublicUrl();
  const [confirming, setConfirming] = useState(false);
  const asked = useOpenedOnce(confirming);
  const first = stream.signals[0];

  const onSelect = (value: string) => {
    const liveId = stream.id;
    if (value === 'signals' && first)
      void navigate({ to: '/streaming/$liveId/signal/$signalId', params: { liveId, signalId: first.id } });
    else if (value === 'monitoring') void navigate({ to: '/broadcast', search: { live: liveId } });
    else if (value === 'panel') void navigate({ to: '/streaming/$liveId/panel', params: { liveId } });
    else if (value === 'iframe')
      void copy(iframeSnippet(publicUrl, liveId, stream.nome), t`Link do iframe copiado`);
    else if (value === 'edit') void navigate({ to: '/streaming/$liveId/edit', params: { liveId } });
    else if (value === 'delete') setConfirming(true);
  };

  return (
    <>
      <ActionMenu
        label={t`Opções de ${stream.nome}`}
        trigger={<MoreIcon />}
        onSelect={onSelect}
        items={[
          { value: 'signals', label: t`Sinais`, disabled: !first },
          { value: 'monitoring', label: t`Monitoramento` },
          { value: 'panel', label: t`Painel de controle` },
          { value: 'iframe', label: t`Copiar link do iframe` },
          { value: 'edit', label: t`Editar` },
          { value: 'delete', label: t`Excluir`, tone: 'danger' },
        ]}
      />
      {/* Mounted once asked for: a closed dialog (and a delete mutation) per row would still cost a
          state machine and an observer each on the library's first render. */}
      {asked ? <DeleteConfirmation stream={stream} open={confirming} onOpenChange={setConfirming} /> : null}
    </>
  );
}

function DeleteConfirmation({
  stream,
  open,
  onOpenChange,
}: {
  stream: Stream;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const remove = useDeleteStream();
  const [error, setError] = useState<string>();
  // However it closes, the last attempt's error goes with it: the next time it opens, it is gone.
  const change = (next: boolean) => {
    if (!next) setError(undefined);
    onOpenChange(next);
  };

  const confirmDelete = () =>
    remove.mutate(stream.id, {
      onSuccess: () => {
        change(false);
        notify('success', t`Transmissão excluída`);
      },
      onError: (e) => {
        if (e instanceof ApiError && e.status === 404) {
          change(false);
          notify('error', t`Transmissão não encontrada`);
        } else if (e instanceof ApiError && e.status < 500 && e.status > 0) setError(e.message);
        else setError(t`Não foi possível excluir a transmissão. Tente novamente`);
      },
    });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={change}
      title={<Trans>Excluir transmissão?</Trans>}
      description={
        <Trans>A transmissão “{stream.nome}” será excluída. Essa ação não pode ser desfeita.</Trans>
      }
      confirmLabel={<Trans>Excluir</Trans>}
      cancelLabel={<Trans>Cancelar</Trans>}
      closeLabel={t`Fechar`}
      tone="danger"
      busy={remove.isPending}
      error={error}
      onConfirm={confirmDelete}
    />
  );
}

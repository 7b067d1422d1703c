import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { notify } from '@/components/ui/notify';

/** SPEC §2.4: after a successful connection, a new folder will receive the imported recordings. */
export function PlaylistCreatedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={<Trans>Playlist criada</Trans>}
      closeLabel={t`Fechar`}
      footer={
        <Button type="button" onClick={onClose}>
          <Trans>Fechar</Trans>
        </Button>
      }
    >
      <p>
        <Trans>
          A integração foi concluída com sucesso. Uma nova pasta será criada na sua biblioteca de conteúdos
          para receber as gravações importadas.
        </Trans>
      </p>
    </Dialog>
  );
}

export interface UndoIntegrationProps {
  /** The provider's name in the texts ('A integração com o {provider} foi desfeita com sucesso.'). */
  provider: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The cancel call; its hook turns the flags off and refetches (SPEC §4). */
  undo: () => Promise<unknown>;
}

/** SPEC §4 undo: a confirmation, the cancel call, then the 'Sucesso' dialog; a failure is the spec's
 * toast 'Erro ao tentar desfazer a integração.' (SPEC §8). */
export function UndoIntegration({ provider, open, onOpenChange, undo }: UndoIntegrationProps) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await undo();
      onOpenChange(false);
      setDone(true);
    } catch {
      onOpenChange(false);
      notify('error', t`Erro ao tentar desfazer a integração.`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <ConfirmDialog
        open={open}
        onOpenChange={onOpenChange}
        title={<Trans>Desfazer a integração com o {provider}?</Trans>}
        description={
          <Trans>
            O acesso do {provider} é revogado e nada mais é importado. O que já foi importado continua na sua
            biblioteca.
          </Trans>
        }
        confirmLabel={<Trans>Desfazer Integração</Trans>}
        cancelLabel={<Trans>Cancelar</Trans>}
        closeLabel={t`Fechar`}
        tone="danger"
        busy={busy}
        onConfirm={() => void confirm()}
      />
      <Dialog
        open={done}
        onOpenChange={setDone}
        title={<Trans>Sucesso</Trans>}
        closeLabel={t`Fechar`}
        footer={
          <Button type="button" onClick={() => setDone(false)}>
            <Trans>Fechar</Trans>
          </Button>
        }
      >
        <p>
          <Trans>A integração com o {provider} foi desfeita com sucesso.</Trans>
        </p>
      </Dialog>
    </>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from '@/components/ui/dialog';
import type { ProcessingRow } from '../lib/processing';
import * as css from './dialogs.css';
import * as p from './processing.css';
import { ProcessingRowView, type RowActions } from './processing-row';

export interface ProcessingDialogProps extends RowActions {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  rows: readonly ProcessingRow[];
  variant: 'modal' | 'sheet';
}

/** SPEC §2.6: the uploads (from this browser's queue) and the transcodes (polled every 5 s) with their
 * progress, up to 100 contents. */
export function ProcessingDialog({ open, onOpenChange, rows, variant, ...actions }: ProcessingDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={<Trans>Processamento</Trans>}
      description={<Trans>Envios, transcodificações e legendas automáticas dos seus vídeos.</Trans>}
      closeLabel={t`Fechar`}
      className={css.medium}
      variant={variant}
    >
      {rows.length === 0 ? (
        <p className={p.empty}>
          <Trans>Nenhum conteúdo em processamento.</Trans>
        </p>
      ) : (
        <ul className={p.list} aria-label={t`Conteúdos em processamento`}>
          {rows.map((row) => (
            <ProcessingRowView key={row.key} row={row} {...actions} />
          ))}
        </ul>
      )}
    </Dialog>
  );
}

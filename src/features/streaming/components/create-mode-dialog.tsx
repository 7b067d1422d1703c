import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import * as css from './create-mode.css';
import { CsvUpload } from './csv-upload';

/** SPEC §2.7 create-streaming mode: one live (the wizard), or a batch from a CSV file. */
export function CreateModeDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [mode, setMode] = useState<'choose' | 'csv'>('choose');
  const change = (next: boolean) => {
    onOpenChange(next);
    if (!next) setMode('choose');
  };
  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={mode === 'choose' ? <Trans>Nova transmissão</Trans> : <Trans>Criar transmissões em lote</Trans>}
      description={
        mode === 'choose' ? (
          <Trans>Como você quer criar?</Trans>
        ) : (
          <Trans>Envie um arquivo CSV com até 100 transmissões.</Trans>
        )
      }
      closeLabel={t`Fechar`}
      className={css.dialog}
    >
      {mode === 'choose' ? (
        <div className={css.choices}>
          <button
            type="button"
            className={css.choice}
            onClick={() => {
              change(false);
              void navigate({ to: '/streaming/new' });
            }}
          >
            <span className={css.choiceTitle}>
              <Trans>Transmissão única</Trans>
            </span>
            <span className={css.choiceText}>
              <Trans>Configure uma transmissão passo a passo.</Trans>
            </span>
          </button>
          <button type="button" className={css.choice} onClick={() => setMode('csv')}>
            <span className={css.choiceTitle}>
              <Trans>Lote por CSV</Trans>
            </span>
            <span className={css.choiceText}>
              <Trans>Crie até 100 transmissões de uma vez a partir de uma planilha.</Trans>
            </span>
          </button>
        </div>
      ) : (
        <CsvUpload onBack={() => setMode('choose')} onDone={() => change(false)} />
      )}
    </Dialog>
  );
}

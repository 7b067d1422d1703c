import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { notify } from '@/components/ui/notify';
import { useDisconnectTencent } from '../api/tencent-disconnect';
import { useTencentImport } from '../api/tencent-import';
import { useTencentStatus } from '../api/tencent-status';
import { type CardState, NOT_INTEGRATED } from '../lib/state';
import { ImportSummaryLine } from './import-summary';
import { IntegrationCard } from './integration-card';
import { PlaylistCreatedDialog, UndoIntegration } from './result-dialogs';
import { TencentDialog } from './tencent-dialog';

const NAME = 'Tencent Cloud';

/** Tencent Cloud VoD: the customer's own API keys (no popup); the media of their VoD application are
 * imported while on. */
export function TencentCard() {
  const { t } = useLingui();
  const status = useTencentStatus();
  const toggle = useTencentImport();
  const undo = useDisconnectTencent();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState(false);
  const [undoing, setUndoing] = useState(false);
  const s = status.data;
  const state: CardState = s
    ? { configured: true, integrated: s.activeIntegration, deauthorized: false, importOn: s.activeImport }
    : NOT_INTEGRATED;
  const secretId = s?.secretId;

  return (
    <>
      <IntegrationCard
        name={NAME}
        image="/integrations/tencent.svg"
        description={
          <Trans>
            Importa para a sua biblioteca os vídeos do Tencent Cloud VoD, com a SecretId e a SecretKey da sua
            conta.
          </Trans>
        }
        state={state}
        loading={status.isPending}
        switchLabel={<Trans>Importação automática</Trans>}
        onToggle={(on) =>
          toggle.mutate(
            { activeImport: on },
            { onError: () => notify('error', t`Falha ao tentar ativar importação.`) },
          )
        }
        toggleBusy={toggle.isPending}
        onIntegrate={() => setOpen(true)}
        onUndo={() => setUndoing(true)}
      >
        {secretId ? (
          <p>
            <Trans>SecretId: {secretId}</Trans>
          </p>
        ) : null}
        {s ? <ImportSummaryLine summary={s.import} /> : null}
      </IntegrationCard>
      <TencentDialog
        open={open}
        onOpenChange={setOpen}
        onConnected={() => {
          setOpen(false);
          setCreated(true);
        }}
      />
      <PlaylistCreatedDialog open={created} onClose={() => setCreated(false)} />
      <UndoIntegration
        provider={NAME}
        open={undoing}
        onOpenChange={setUndoing}
        undo={() => undo.mutateAsync()}
      />
    </>
  );
}

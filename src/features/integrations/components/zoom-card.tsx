import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { notify } from '@/components/ui/notify';
import { useDeauthorizeZoom } from '../api/zoom-deauthorize';
import { useZoomImport } from '../api/zoom-import';
import { useZoomStatus, zoomStatusQueryOptions } from '../api/zoom-status';
import { zoomCardState, zoomUndoDisabled } from '../lib/state';
import { ImportSummaryLine } from './import-summary';
import { IntegrationCard } from './integration-card';
import { PlaylistCreatedDialog, UndoIntegration } from './result-dialogs';
import { useAuthorize } from './use-authorize';

const NAME = 'Zoom Meetings';

/** Zoom (one account): the account's cloud recordings, imported while on. */
export function ZoomCard({ configured }: { configured: boolean }) {
  const { t } = useLingui();
  const status = useZoomStatus();
  const toggle = useZoomImport();
  const undo = useDeauthorizeZoom();
  const { authorize, pending } = useAuthorize();
  const [created, setCreated] = useState(false);
  const [undoing, setUndoing] = useState(false);
  const accounts = status.data ?? [];
  const account = accounts[0];
  const label = account?.label;
  const state = zoomCardState(accounts, configured);
  const loading = status.isPending || pending !== null;

  const connect = async () => {
    const ok = await authorize({
      provider: 'zoom',
      status: zoomStatusQueryOptions(),
      done: (list) => list.length > 0 && !list.some((a) => a.deauthorized),
    });
    if (ok) setCreated(true);
  };

  return (
    <>
      <IntegrationCard
        name={NAME}
        image="/integrations/zoom.svg"
        description={
          <Trans>
            Importa para a sua biblioteca as gravações na nuvem da conta Zoom conectada, cada uma uma vez.
          </Trans>
        }
        state={state}
        loading={status.isPending}
        switchLabel={<Trans>Importação automática</Trans>}
        onToggle={(on) => {
          if (!account) return;
          toggle.mutate(
            { activeImport: on, zoomAccountId: account.zoomAccountId },
            { onError: () => notify('error', t`Falha ao tentar ativar importação.`) },
          );
        }}
        toggleBusy={toggle.isPending}
        onIntegrate={() => void connect()}
        integrateBusy={pending !== null}
        onUndo={() => setUndoing(true)}
        undoEnabled={account !== undefined && !zoomUndoDisabled(account, loading)}
      >
        {label ? (
          <p>
            <Trans>Conta: {label}</Trans>
          </p>
        ) : null}
        {account ? <ImportSummaryLine summary={account.import} /> : null}
      </IntegrationCard>
      <PlaylistCreatedDialog open={created} onClose={() => setCreated(false)} />
      <UndoIntegration
        provider="Zoom"
        open={undoing}
        onOpenChange={setUndoing}
        undo={() => undo.mutateAsync(account?.zoomAccountId ? { zoomAccountId: account.zoomAccountId } : {})}
      />
    </>
  );
}

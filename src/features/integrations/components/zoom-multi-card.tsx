import type { ZoomAccount, ZoomMultiStatus } from '@contract/integrations';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { notify } from '@/components/ui/notify';
import { useDeauthorizeZoomMulti } from '../api/zoom-deauthorize-multi';
import { useZoomMultiImport } from '../api/zoom-multi-import';
import { useZoomMultiStatus, zoomMultiStatusQueryOptions } from '../api/zoom-multi-status';
import type { CardState } from '../lib/state';
import { IntegrationCard } from './integration-card';
import { PlaylistCreatedDialog, UndoIntegration } from './result-dialogs';
import { useAuthorize } from './use-authorize';
import { ZoomAccountsDialog } from './zoom-accounts-dialog';

const NAME = 'Zoom Meetings (Multi-accounts)';

const usable = (status: ZoomMultiStatus) => status.accounts.filter((a) => !a.deauthorized).length;

/** Zoom with up to 20 accounts: each account's cloud recordings, imported while its switch is on. */
export function ZoomMultiCard({ configured }: { configured: boolean }) {
  const { t } = useLingui();
  const status = useZoomMultiStatus();
  const toggle = useZoomMultiImport();
  const undo = useDeauthorizeZoomMulti();
  const { authorize, pending } = useAuthorize();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState(false);
  const [undoing, setUndoing] = useState<{ account?: ZoomAccount } | null>(null);
  const s = status.data;
  const accounts = s?.accounts ?? [];
  const count = accounts.length;
  const state: CardState = {
    configured,
    integrated: accounts.length > 0,
    deauthorized: s?.deauthorized ?? false,
    importOn: s?.activeImport ?? false,
  };
  const loading = status.isPending || toggle.isPending || pending !== null;

  /** Adds an account, or authorises a deauthorized one again: done once one more account is usable. */
  const connect = async () => {
    const before = s ? usable(s) : 0;
    const ok = await authorize({
      provider: 'zoom-multi',
      status: zoomMultiStatusQueryOptions(),
      done: (next) => usable(next) > before,
    });
    if (ok) setCreated(true);
  };

  const setImport = (activeImport: boolean, zoomAccountId?: string) =>
    toggle.mutate(
      { activeImport, zoomAccountId },
      { onError: () => notify('error', t`Falha ao tentar ativar importação.`) },
    );

  return (
    <>
      <IntegrationCard
        name={NAME}
        image="/integrations/zoom-multi.svg"
        description={
          <Trans>
            Conecte até 20 contas Zoom: as gravações na nuvem de cada uma são importadas para a sua
            biblioteca.
          </Trans>
        }
        state={state}
        loading={status.isPending}
        switchLabel={<Trans>Importação automática (todas as contas)</Trans>}
        onToggle={(on) => setImport(on)}
        toggleBusy={toggle.isPending}
        // The dialog is where accounts are added and reauthorised: it opens whatever the state.
        integrateEnabled={configured && !status.isPending}
        onIntegrate={() => setOpen(true)}
        onUndo={() => setUndoing({})}
      >
        {accounts.length > 0 ? (
          <p>
            <Trans>Contas conectadas: {count}</Trans>
          </p>
        ) : null}
      </IntegrationCard>
      <ZoomAccountsDialog
        open={open}
        onOpenChange={setOpen}
        accounts={accounts}
        configured={configured}
        loading={loading}
        onAdd={() => void connect()}
        onReauthorize={() => void connect()}
        onToggle={(account, on) => setImport(on, account.zoomAccountId)}
        onUndo={(account) => setUndoing({ account })}
      />
      <PlaylistCreatedDialog open={created} onClose={() => setCreated(false)} />
      <UndoIntegration
        provider="Zoom"
        open={undoing !== null}
        onOpenChange={(next) => (next ? undefined : setUndoing(null))}
        undo={() =>
          undo.mutateAsync(undoing?.account ? { zoomAccountId: undoing.account.zoomAccountId } : {})
        }
      />
    </>
  );
}

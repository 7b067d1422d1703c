import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { notify } from '@/components/ui/notify';
import { useDeauthorizeGoogleMeet } from '../api/google-meet-deauthorize';
import { useGoogleMeetImport } from '../api/google-meet-import';
import { googleMeetStatusQueryOptions, useGoogleMeetStatus } from '../api/google-meet-status';
import { type CardState, NOT_INTEGRATED } from '../lib/state';
import { ImportSummaryLine } from './import-summary';
import { IntegrationCard } from './integration-card';
import { PlaylistCreatedDialog, UndoIntegration } from './result-dialogs';
import { useAuthorize } from './use-authorize';

const NAME = 'Google Meet';

/** Google Meet: the conference recordings of the connected Google account, imported while on. */
export function GoogleMeetCard({ configured }: { configured: boolean }) {
  const { t } = useLingui();
  const status = useGoogleMeetStatus();
  const toggle = useGoogleMeetImport();
  const undo = useDeauthorizeGoogleMeet();
  const { authorize, pending } = useAuthorize();
  const [explaining, setExplaining] = useState(false);
  const [created, setCreated] = useState(false);
  const [undoing, setUndoing] = useState(false);
  const s = status.data;
  const label = s?.label;
  const state: CardState = s
    ? { configured, integrated: s.integrated, deauthorized: s.deauthorized, importOn: s.activeImport }
    : { ...NOT_INTEGRATED, configured };

  const connect = async () => {
    setExplaining(false);
    const ok = await authorize({
      provider: 'google-meet',
      status: googleMeetStatusQueryOptions(),
      done: (next) => next.integrated && !next.deauthorized,
    });
    if (ok) setCreated(true);
  };

  return (
    <>
      <IntegrationCard
        name={NAME}
        image="/integrations/google-meet.svg"
        description={
          <Trans>
            Importa para a sua biblioteca as gravações das reuniões do Google Meet da conta conectada.
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
        onIntegrate={() => setExplaining(true)}
        integrateBusy={pending !== null}
        onUndo={() => setUndoing(true)}
      >
        {label ? (
          <p>
            <Trans>Conta: {label}</Trans>
          </p>
        ) : null}
        {s ? <ImportSummaryLine summary={s.import} /> : null}
      </IntegrationCard>
      <Dialog
        open={explaining}
        onOpenChange={setExplaining}
        title={NAME}
        closeLabel={t`Fechar`}
        footer={
          <Button type="button" onClick={() => void connect()}>
            <Trans>Conectar com o Google</Trans>
          </Button>
        }
      >
        <p>
          <Trans>
            Uma janela do Google pede a sua autorização para ler as gravações do Meet (e os arquivos delas no
            Drive). Cada gravação nova é importada uma vez para uma pasta da sua biblioteca.
          </Trans>
        </p>
      </Dialog>
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

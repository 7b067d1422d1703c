import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { notify } from '@/components/ui/notify';
import { useDeauthorizeFacebook } from '../api/facebook-deauthorize';
import { facebookStatusQueryOptions, useFacebookStatus } from '../api/facebook-status';
import { useFacebookSwitch } from '../api/facebook-switch';
import { type CardState, NOT_INTEGRATED } from '../lib/state';
import { IntegrationCard } from './integration-card';
import { UndoIntegration } from './result-dialogs';
import { useAuthorize } from './use-authorize';

const NAME = 'Facebook Live';

/** Facebook Live: simulcasts the team's lives to the connected Page. Its 'Integração' re-triggers the
 * authorisation even when integrated (SPEC §4), to pick another Page. */
export function FacebookCard({ configured }: { configured: boolean }) {
  const { t } = useLingui();
  const status = useFacebookStatus();
  const toggle = useFacebookSwitch();
  const undo = useDeauthorizeFacebook();
  const { authorize, pending } = useAuthorize();
  const [undoing, setUndoing] = useState(false);
  const s = status.data;
  const state: CardState = s
    ? { configured, integrated: s.integrated, deauthorized: s.deauthorized, importOn: s.enabled }
    : { ...NOT_INTEGRATED, configured };
  const previousPage = s?.page?.id ?? null;
  const pageName = s?.page?.name;

  const connect = async () => {
    const ok = await authorize({
      provider: 'facebook',
      status: facebookStatusQueryOptions(),
      // Integrated again (another Page, or the same one re-authorised) or for the first time.
      done: (next) =>
        next.integrated &&
        !next.deauthorized &&
        (!state.integrated || state.deauthorized || next.page?.id !== previousPage),
    });
    if (ok) notify('success', t`Página do Facebook conectada`);
  };

  return (
    <>
      <IntegrationCard
        name={NAME}
        image="/integrations/facebook.svg"
        description={
          <Trans>Transmite as suas lives também na Página do Facebook conectada (simulcast).</Trans>
        }
        state={state}
        loading={status.isPending}
        switchLabel={<Trans>Transmitir as lives no Facebook</Trans>}
        onToggle={(on) =>
          toggle.mutate(
            { enabled: on },
            { onError: () => notify('error', t`Falha ao tentar ativar importação.`) },
          )
        }
        toggleBusy={toggle.isPending}
        integrateEnabled={configured && !status.isPending && pending === null}
        onIntegrate={() => void connect()}
        integrateBusy={pending !== null}
        onUndo={() => setUndoing(true)}
      >
        {pageName ? (
          <p>
            <Trans>Página: {pageName}</Trans>
          </p>
        ) : null}
      </IntegrationCard>
      <UndoIntegration
        provider="Facebook"
        open={undoing}
        onOpenChange={setUndoing}
        undo={() => undo.mutateAsync()}
      />
    </>
  );
}

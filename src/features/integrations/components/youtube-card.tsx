import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/notify';
import { useDeauthorizeYoutube } from '../api/youtube-deauthorize';
import { useYoutubeStatus, youtubeStatusQueryOptions } from '../api/youtube-status';
import { useYoutubeSwitch } from '../api/youtube-switch';
import { type CardState, NOT_INTEGRATED } from '../lib/state';
import { IntegrationCard } from './integration-card';
import { UndoIntegration } from './result-dialogs';
import { useAuthorize } from './use-authorize';
import { YoutubeVideosDialog } from './youtube-videos-dialog';

const NAME = 'Youtube';

/** YouTube: its policies forbid downloading its videos, so the card simulcasts the team's lives to the
 * connected channel and lists the channel's videos; it imports nothing. */
export function YoutubeCard({ configured }: { configured: boolean }) {
  const { t } = useLingui();
  const status = useYoutubeStatus();
  const toggle = useYoutubeSwitch();
  const undo = useDeauthorizeYoutube();
  const { authorize, pending } = useAuthorize();
  const [undoing, setUndoing] = useState(false);
  const [videos, setVideos] = useState(false);
  const s = status.data;
  const state: CardState = s
    ? { configured, integrated: s.integrated, deauthorized: s.deauthorized, importOn: s.enabled }
    : { ...NOT_INTEGRATED, configured };
  const connected = state.integrated && !state.deauthorized;
  const channel = s?.channel?.title;

  const connect = async () => {
    const ok = await authorize({
      provider: 'youtube',
      status: youtubeStatusQueryOptions(),
      done: (next) => next.integrated && !next.deauthorized,
    });
    if (ok) notify('success', t`Canal do YouTube conectado`);
  };

  return (
    <>
      <IntegrationCard
        name={NAME}
        image="/integrations/youtube.svg"
        description={
          <Trans>
            Transmite as suas lives também no canal do YouTube conectado (simulcast) e lista os vídeos do
            canal. Pelas políticas do YouTube, os vídeos de lá não são baixados para a sua biblioteca.
          </Trans>
        }
        state={state}
        loading={status.isPending}
        switchLabel={<Trans>Transmitir as lives no YouTube</Trans>}
        onToggle={(on) =>
          toggle.mutate(
            { enabled: on },
            { onError: () => notify('error', t`Falha ao tentar ativar importação.`) },
          )
        }
        toggleBusy={toggle.isPending}
        onIntegrate={() => void connect()}
        integrateBusy={pending !== null}
        onUndo={() => setUndoing(true)}
      >
        {channel ? (
          <p>
            <Trans>Canal: {channel}</Trans>
          </p>
        ) : null}
        {connected ? (
          <div>
            <Button type="button" variant="ghost" onClick={() => setVideos(true)}>
              <Trans>Vídeos do canal</Trans>
            </Button>
          </div>
        ) : null}
      </IntegrationCard>
      <YoutubeVideosDialog open={videos} onOpenChange={setVideos} />
      <UndoIntegration
        provider="YouTube"
        open={undoing}
        onOpenChange={setUndoing}
        undo={() => undo.mutateAsync()}
      />
    </>
  );
}

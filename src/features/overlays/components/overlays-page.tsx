import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '@/components/ui/alert';
import * as layout from '@/components/ui/layout.css';
import { ListError, listQueryState } from '@/components/ui/list-error';
import { hasPermission } from '@/lib/permissions';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import { useOverlays } from '../api/list-overlays';
import { LiveOverlaysCard } from './live-overlays-card';
import { OverlayForm } from './overlay-form';
import { OverlayList } from './overlay-list';

/** /overlays: the team's images and texts over the player, and which are on for each live (`liveId`:
 * the live chosen at first, from its control panel's link). */
export function OverlaysPage({ liveId }: { liveId?: string }) {
  const { t } = useLingui();
  useDocumentTitle(t`Overlays`);
  const { permissions } = useSession();
  const allowed = hasPermission(permissions, 'showStreaming');
  const overlays = useOverlays();
  return (
    <div className={layout.page}>
      <header className={layout.pageHeader}>
        <h1 className={layout.pageTitle}>
          <Trans>Overlays</Trans>
        </h1>
      </header>
      <p className={layout.muted}>
        <Trans>
          Imagens e textos desenhados sobre o player das suas transmissões. Ligue ou desligue cada um a
          qualquer momento, inclusive durante a transmissão.
        </Trans>
      </p>
      {!allowed ? (
        <Alert tone="error">{t`Você não tem permissão para editar transmissões`}</Alert>
      ) : (
        <>
          <ListError {...listQueryState(overlays)} />
          <OverlayForm />
          {overlays.data ? (
            <>
              <OverlayList overlays={overlays.data} />
              <LiveOverlaysCard overlays={overlays.data} initialLive={liveId} />
            </>
          ) : overlays.isError ? null : (
            <p className={layout.muted}>{t`Carregando…`}</p>
          )}
        </>
      )}
    </div>
  );
}

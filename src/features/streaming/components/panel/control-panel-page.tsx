import { Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { buttonClass } from '@/components/ui/button';
import * as layout from '@/components/ui/layout.css';
import { analyticsLink, useCanSeeAnalytics } from '@/lib/analytics-link';
import { ROUTE_GATES } from '@/lib/permissions';
import { usePollWhileDisconnected } from '@/lib/realtime/use-realtime';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCan } from '@/lib/use-session';
import { streamQueryOptions } from '../../api/get-stream';
import { BackIcon } from '../icons';
import * as css from '../streaming.css';
import * as p from './panel.css';
import { PanelControl } from './panel-control';
import { PanelDetails } from './panel-details';
import { PanelResources } from './panel-resources';
import { PanelRooms } from './panel-rooms';
import { PanelSettings } from './panel-settings';
import { PanelSignals } from './panel-signals';
import { PanelSimulcast } from './panel-simulcast';

/** How often the panel re-reads the stream (another operator, auto start, auto cuts may change it)
 * while the account's events do not arrive: with them, a status change is read when it happens. */
const REFRESH_MS = 15_000;

/** SPEC §2.7 control panel: details, settings, player colour, streaming type, spectator room,
 * streaming room, resources, signals, and start/pause/continue/end. On a phone the controls come
 * first. */
export function ControlPanelPage({ liveId }: { liveId: string }) {
  const { t } = useLingui();
  const refetchInterval = usePollWhileDisconnected(REFRESH_MS);
  const { data: stream } = useSuspenseQuery({ ...streamQueryOptions(liveId), refetchInterval });
  const analytics = useCanSeeAnalytics();
  useDocumentTitle(t`Painel de controle: ${stream.nome}`);
  // Customer support for this live's viewers (its own page, linked by path: features stay apart).
  const canSupport = useCan(ROUTE_GATES['/atendimento']);
  return (
    <section className={layout.page} aria-labelledby="panel-title">
      <Link to="/streaming" className={layout.backLink}>
        <BackIcon />
        <Trans>Transmissões</Trans>
      </Link>
      <div className={layout.pageHeader}>
        <div>
          <p className={layout.muted}>
            <Trans>Painel de controle</Trans>
          </p>
          <h1 id="panel-title" className={layout.pageTitle}>
            {stream.nome}
          </h1>
        </div>
        <div className={layout.actions}>
          {analytics ? (
            <Link {...analyticsLink(liveId)} className={`${buttonClass('secondary')} ${css.grow}`}>
              <Trans>Analytics</Trans>
            </Link>
          ) : null}
          {canSupport ? (
            <Link
              to="/atendimento/$liveId"
              params={{ liveId }}
              className={`${buttonClass('secondary')} ${css.grow}`}
            >
              <Trans>Atendimento</Trans>
            </Link>
          ) : null}
          <Link
            to="/overlays"
            search={{ live: liveId }}
            className={`${buttonClass('secondary')} ${css.grow}`}
          >
            <Trans>Overlays</Trans>
          </Link>
          <Link
            to="/streaming/$liveId/edit"
            params={{ liveId }}
            className={`${buttonClass('secondary')} ${css.grow}`}
          >
            <Trans>Editar transmissão</Trans>
          </Link>
        </div>
      </div>
      <div className={p.layout}>
        <div className={p.column}>
          <PanelControl stream={stream} />
          <PanelSimulcast stream={stream} />
          <PanelSignals stream={stream} />
          <PanelDetails stream={stream} />
          <PanelResources stream={stream} />
        </div>
        <div className={p.column}>
          <PanelSettings stream={stream} />
          <PanelRooms stream={stream} />
        </div>
      </div>
    </section>
  );
}

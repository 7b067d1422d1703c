import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { StatusBadge } from '@/components/status/status-badge';
import { VideoStatus } from '@/components/status/video-status';
import * as layout from '@/components/ui/layout.css';
import { ListError, listQueryState } from '@/components/ui/list-error';
import { shortDateTime } from '@/lib/intl';
import { browserTimeZone } from '@/lib/temporal';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCan } from '@/lib/use-session';
import { type Dashboard, useDashboard } from '../api/get-dashboard';
import { useUsage } from '../api/get-usage';
import * as css from './dashboard.css';
import { DashboardCard } from './dashboard-card';
import { UsageCard } from './usage-card';

/** The breadcrumb home (docs/routes.md "Breadcrumb"): what is on air, starts today, was uploaded, went wrong.
 * */
export function DashboardPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Início`);
  const query = useDashboard();
  const financial = useCan('showFinancial');
  const usage = useUsage(financial);
  const data = query.data;
  // One clock (docs/ui.md "One clock"): every time in the user's zone, as the list, the panel and the
  // wall write it. "Today" is the team's day, though: when the team's zone is another, each time names
  // the user's zone, so nobody reads it as the team's.
  const otherZone = !!data && data.timeZone !== browserTimeZone();
  const time = (iso: string) => shortDateTime(new Date(iso), i18n.locale, { zone: otherZone });
  const none = (
    <p className={layout.muted}>
      <Trans>Nada por aqui</Trans>
    </p>
  );

  const alertText = (a: Dashboard['alerts'][number]) =>
    a.kind === 'fps_alto'
      ? t`FPS acima do limite: ${a.fps ?? 0} (limite ${a.limit ?? 0})`
      : a.kind === 'corte_automatico'
        ? t`Encerrada automaticamente por falta de sinal`
        : t`Falha no processamento do vídeo`;

  return (
    <section className={layout.page} aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className={layout.pageTitle}>
        <Trans>Início</Trans>
      </h1>
      <ListError {...listQueryState(query)} />
      {data ? (
        <div className={css.grid}>
          {data.live ? (
            <DashboardCard id="dashboard-live" title={<Trans>Ao vivo agora</Trans>}>
              {data.live.length === 0 ? none : null}
              <ul className={css.items}>
                {data.live.map((s) => (
                  <li key={s.id} className={css.item}>
                    <Link to="/streaming/$liveId/panel" params={{ liveId: s.id }} className={layout.link}>
                      {s.nome}
                    </Link>
                    <StatusBadge status={s.status} />
                  </li>
                ))}
              </ul>
            </DashboardCard>
          ) : null}
          {data.today ? (
            <DashboardCard id="dashboard-today" title={<Trans>Começam hoje</Trans>}>
              {data.today.length === 0 ? none : null}
              <ul className={css.items}>
                {data.today.map((s) => (
                  <li key={s.id} className={css.item}>
                    <Link to="/streaming/$liveId/panel" params={{ liveId: s.id }} className={layout.link}>
                      {s.nome}
                    </Link>
                    <span className={layout.muted}>{time(s.scheduledStartTime)}</span>
                  </li>
                ))}
              </ul>
            </DashboardCard>
          ) : null}
          {data.uploads ? (
            <DashboardCard id="dashboard-uploads" title={<Trans>Uploads recentes</Trans>}>
              {data.uploads.length === 0 ? none : null}
              <ul className={css.items}>
                {data.uploads.map((v) => (
                  <li key={v.id} className={css.item}>
                    <Link to="/vod/dashboard" search={{ videoId: v.id }} className={layout.link}>
                      {v.title}
                    </Link>
                    <VideoStatus
                      video={{ status: v.status, progress: v.progress, queued: v.queued, error: null }}
                    />
                  </li>
                ))}
              </ul>
            </DashboardCard>
          ) : null}
          {financial ? <UsageCard query={usage} /> : null}
          <DashboardCard id="dashboard-alerts" title={<Trans>Alertas recentes</Trans>}>
            {data.alerts.length === 0 ? none : null}
            <ul className={css.items}>
              {data.alerts.map((a) => (
                <li key={`${a.kind}-${a.id}-${a.at}`} className={css.item}>
                  <span>
                    {a.kind === 'video_falhou' ? (
                      <Link to="/vod/dashboard" search={{ videoId: a.id }} className={layout.link}>
                        {a.name}
                      </Link>
                    ) : (
                      <Link to="/streaming/$liveId/panel" params={{ liveId: a.id }} className={layout.link}>
                        {a.name}
                      </Link>
                    )}
                    <span className={layout.muted}> · {alertText(a)}</span>
                  </span>
                  <span className={layout.muted}>{time(a.at)}</span>
                </li>
              ))}
            </ul>
          </DashboardCard>
        </div>
      ) : null}
    </section>
  );
}

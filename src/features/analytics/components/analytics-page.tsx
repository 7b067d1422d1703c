import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Alert } from '@/components/ui/alert';
import * as layout from '@/components/ui/layout.css';
import { ListError, listFailed, listQueryState } from '@/components/ui/list-error';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useOnline } from '@/lib/use-online';
import { useAnalyticsLives } from '../api/list-lives';
import { useSeriesStore } from '../hooks/use-series-store';
import { useSummary } from '../hooks/use-summary';
import { LiveDashboard } from './live-dashboard';
import { LivePicker } from './live-picker';

/** `/analytics` (showStreamingAnalytics, docs/analytics.md): pick a live (`?live=<id>`, the first of
 * the list when none is chosen), then its figures and series, pushed over the account socket while it
 * is up, read again every 10 s while it is down; offline, the last ones with their time. */
export function AnalyticsPage({ liveId }: { liveId?: string }) {
  const { t } = useLingui();
  useDocumentTitle(t`Analytics`);
  const navigate = useNavigate();
  const online = useOnline();
  const lives = useAnalyticsLives();
  const summary = useSummary(liveId);
  const status = summary.data?.live.status ?? lives.data?.find((l) => l.id === liveId)?.status;
  const series = useSeriesStore(liveId, status === undefined ? undefined : status !== 'finished');

  const first = lives.data?.[0]?.id;
  useEffect(() => {
    if (!liveId && first) void navigate({ to: '/analytics', search: { live: first }, replace: true });
  }, [liveId, first, navigate]);

  const livesState = listQueryState(lives);
  const summaryState = listQueryState(summary);
  const notFound = summary.error instanceof ApiError && summary.error.status === 404;

  return (
    <section className={layout.page} aria-labelledby="analytics-title">
      <div className={layout.pageHeader}>
        <h1 id="analytics-title" className={layout.pageTitle}>
          <Trans>Analytics</Trans>
        </h1>
        <LivePicker
          lives={lives.data ?? []}
          value={liveId}
          current={summary.data ? { id: summary.data.live.id, titulo: summary.data.live.titulo } : undefined}
          onChange={(live) => void navigate({ to: '/analytics', search: { live } })}
        />
      </div>
      {!liveId ? (
        <>
          <ListError {...livesState} />
          {listFailed(livesState) ? null : lives.data?.length === 0 ? (
            <p className={layout.muted}>
              <Trans>Nenhuma transmissão para analisar ainda.</Trans>
            </p>
          ) : (
            <Skeleton height="120px" />
          )}
        </>
      ) : notFound ? (
        <Alert tone="error">{t`Transmissão não encontrada`}</Alert>
      ) : (
        <>
          <ListError {...summaryState} />
          {summary.data ? (
            <LiveDashboard summary={summary.data} series={series} online={online} />
          ) : listFailed(summaryState) ? null : (
            <div aria-busy="true">
              <Skeleton height="240px" />
            </div>
          )}
        </>
      )}
    </section>
  );
}

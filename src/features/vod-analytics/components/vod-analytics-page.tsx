import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Alert } from '@/components/ui/alert';
import * as layout from '@/components/ui/layout.css';
import * as lists from '@/components/ui/list.css';
import { ListError, listFailed, listQueryState } from '@/components/ui/list-error';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { ROUTE_GATES } from '@/lib/permissions';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useIsMobile } from '@/lib/use-media-query';
import { useCan } from '@/lib/use-session';
import { useVodAnalytics, type VodAnalytics } from '../api/get-vod-analytics';
import { formatDay } from '../lib/format';
import { PERIODS, type Period, periodOf, searchOf } from '../lib/search';
import { Breadcrumb } from './breadcrumb';
import { type FigureRow, FigureRows } from './figure-rows';
import { Totals } from './totals';
import * as css from './vod-analytics.css';

const route = getRouteApi('/_authed/_shell/analytics_/vod');

function FolderIcon() {
  return (
    <svg
      className={css.folderIcon}
      aria-hidden="true"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d="M3 6a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z" />
    </svg>
  );
}

/**
 * /analytics/vod (docs/analytics.md "VOD analytics page"): how a library folder's
 * videos were watched over the last 7, 30 or 90 days — the folder's totals (its whole subtree), each
 * subfolder's (each opens, `?folder=`), and each of its own videos'. Offline, the saved answer with its
 * 'as of' bar.
 */
export function VodAnalyticsPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Analytics de VOD`);
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const mobile = useIsMobile();
  // A video's title opens it in the library for those who may open the library.
  const canOpenLibrary = useCan(ROUTE_GATES['/vod']);
  const period = periodOf(search);
  const query = useVodAnalytics(search.folder, period);
  const state = listQueryState(query);
  const data = query.data;
  // The folder is not the team's (or no longer exists): the server's words, and the way back.
  const refused = query.error instanceof ApiError && query.error.status === 404 && !data;
  const from = data ? formatDay(data.from, i18n.locale) : '';
  const to = data ? formatDay(data.to, i18n.locale) : '';

  const periodLabels: Record<Period, string> = {
    7: t`Últimos 7 dias`,
    30: t`Últimos 30 dias`,
    90: t`Últimos 90 dias`,
  };

  return (
    <section className={layout.page} aria-labelledby="vod-analytics-title">
      <div className={layout.pageHeader}>
        <h1 id="vod-analytics-title" className={layout.pageTitle}>
          <Trans>Analytics de VOD</Trans>
        </h1>
        <Select
          name="days"
          label={t`Período`}
          hideLabel
          className={css.period}
          options={PERIODS.map((p) => ({ value: String(p), label: periodLabels[p] }))}
          value={String(period)}
          onValueChange={(value) =>
            void navigate({ search: searchOf(search.folder, Number(value) as Period) })
          }
        />
      </div>

      {refused ? (
        <>
          <Alert tone="error" title={t`Pasta não encontrada`}>
            {query.error?.message ?? ''}
          </Alert>
          <Link to="/analytics/vod" search={searchOf(undefined, period)} className={layout.backLink}>
            <Trans>Voltar para a biblioteca</Trans>
          </Link>
        </>
      ) : (
        <>
          {data ? <Breadcrumb path={data.path} period={period} /> : null}
          <ListError {...state} />
          {data ? (
            <>
              <p className={layout.muted} data-testid="vod-analytics-window">
                <Trans>
                  De {from} a {to}
                </Trans>
              </p>
              <Totals totals={data.totals} />
              <FolderSection data={data} period={period} mobile={mobile} />
              <VideoSection data={data} mobile={mobile} canOpenLibrary={canOpenLibrary} />
            </>
          ) : listFailed(state) ? null : (
            <div className={css.section} aria-busy="true">
              <p role="status" className={layout.visuallyHidden}>
                <Trans>Carregando analytics…</Trans>
              </p>
              <Skeleton height="96px" />
              <Skeleton height="240px" />
            </div>
          )}
        </>
      )}
    </section>
  );
}

function FolderSection({ data, period, mobile }: { data: VodAnalytics; period: Period; mobile: boolean }) {
  if (data.folders.length === 0) return null;
  const rows: FigureRow[] = data.folders.map((f) => ({
    ...f,
    name: (
      <Link
        to="/analytics/vod"
        search={searchOf(f.id, period)}
        className={`${css.nameLink} ${css.folderName}`}
      >
        <FolderIcon />
        {f.name}
      </Link>
    ),
  }));
  return (
    <section className={css.section} aria-labelledby="vod-analytics-folders-title">
      <h2 id="vod-analytics-folders-title" className={layout.cardTitle}>
        <Trans>Pastas</Trans>
      </h2>
      <div className={layout.surface}>
        <FigureRows kind="folder" rows={rows} mobile={mobile} labelledBy="vod-analytics-folders-title" />
      </div>
    </section>
  );
}

function VideoSection({
  data,
  mobile,
  canOpenLibrary,
}: {
  data: VodAnalytics;
  mobile: boolean;
  canOpenLibrary: boolean;
}) {
  const folder = data.folder?.id;
  const rows: FigureRow[] = data.videos.map((v) => ({
    ...v,
    name: canOpenLibrary ? (
      <Link
        to="/vod/dashboard"
        search={folder ? { folder, videoId: v.id } : { videoId: v.id }}
        className={css.nameLink}
      >
        {v.title}
      </Link>
    ) : (
      v.title
    ),
  }));
  return (
    <section className={css.section} aria-labelledby="vod-analytics-videos-title">
      <h2 id="vod-analytics-videos-title" className={layout.cardTitle}>
        <Trans>Vídeos</Trans>
      </h2>
      <div className={layout.surface}>
        {rows.length === 0 ? (
          <p className={lists.empty} role="status" data-testid="vod-analytics-videos-empty">
            <Trans>Nenhum vídeo nesta pasta</Trans>
          </p>
        ) : (
          <FigureRows kind="video" rows={rows} mobile={mobile} labelledBy="vod-analytics-videos-title" />
        )}
      </div>
    </section>
  );
}

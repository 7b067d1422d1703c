import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import * as layout from '@/components/ui/layout.css';
import { ListError, listFailed, listQueryState } from '@/components/ui/list-error';
import { Pagination } from '@/components/ui/pagination';
import { ApiError } from '@/lib/api-client';
import { ROUTE_GATES } from '@/lib/permissions';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useIsMobile } from '@/lib/use-media-query';
import { useCan } from '@/lib/use-session';
import { useLiveDetails } from '../api/get-live-details';
import { useView } from '../api/get-view';
import { useViews } from '../api/list-views';
import { viewsCount } from '../lib/labels';
import { formOf, pagesOf, type SupportSearch, searchesViewer, searchOf, viewsQuery } from '../lib/search';
import { LiveError, LiveSummary } from './live-summary';
import { SearchForm } from './search-form';
import * as css from './support.css';
import { ViewDetail } from './view-detail';
import { ViewList } from './view-list';

const route = getRouteApi('/_authed/_shell/atendimento/$liveId');

/**
 * /atendimento/$liveId (docs/analytics.md "Customer support"): support staff find a viewer of a live (by the
 * ID over their picture, a classroom attendee's e-mail, or the live's views narrowed to a problem) and read
 * what happened to them: device, place, their views and the player's events. Everything is in the URL.
 */
export function SupportPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Atendimento`);
  const { liveId } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const mobile = useIsMobile();
  const canOpenPanel = useCan(ROUTE_GATES['/streaming']);

  const live = useLiveDetails(liveId);
  const views = useViews(liveId, viewsQuery(search));
  const items = views.data?.items ?? [];
  const total = views.data?.total ?? 0;
  // Searching one viewer opens their newest view unless the URL names one.
  const selectedId =
    search.view ?? (searchesViewer(search) && !views.isPlaceholderData ? items[0]?.id : undefined);
  const view = useView(selectedId);

  const update = (next: SupportSearch) => void navigate({ search: next });
  const liveState = listQueryState(live);
  const viewsState = listQueryState(views);
  // The live is not the team's (or the address is wrong): the server's words, nothing to search in.
  const liveRefused =
    live.error instanceof ApiError && live.error.status >= 400 && live.error.status < 500 && !live.data;
  const pagesTotal = pagesOf(total);

  return (
    <section className={layout.page} aria-labelledby="support-title">
      {canOpenPanel ? (
        <Link to="/streaming/$liveId/panel" params={{ liveId }} className={layout.backLink}>
          <Icon>
            <path d="m15 18-6-6 6-6" />
          </Icon>
          <Trans>Painel de controle</Trans>
        </Link>
      ) : null}
      <h1 id="support-title" className={layout.pageTitle}>
        <Trans>Atendimento</Trans>
      </h1>

      {liveRefused ? (
        <LiveError message={live.error?.message ?? ''} />
      ) : (
        <>
          <ListError {...liveState} />
          {listFailed(liveState) ? null : <LiveSummary live={live.data} />}
          <SearchForm
            key={JSON.stringify(formOf(search))}
            initial={formOf(search)}
            onSearch={(form) => update(searchOf(form))}
            onClear={() => update({})}
          />
          <div className={selectedId ? `${css.columns} ${css.split}` : css.columns}>
            <section className={css.column} aria-labelledby="support-views-title">
              <div className={css.listHead}>
                <div>
                  <h2 id="support-views-title" className={layout.cardTitle}>
                    <Trans>Visualizações</Trans>
                  </h2>
                  {views.data ? (
                    <p className={layout.muted} data-testid="support-views-total">
                      {i18n._(viewsCount(total))}
                    </p>
                  ) : null}
                </div>
                <Button variant="secondary" busy={views.isFetching} onClick={() => void views.refetch()}>
                  <Trans>Atualizar lista</Trans>
                </Button>
              </div>
              <div className={layout.surface}>
                <ListError {...viewsState} />
                {listFailed(viewsState) ? null : (
                  <ViewList
                    liveId={liveId}
                    views={items}
                    loading={views.isPending || views.isPlaceholderData}
                    selectedId={selectedId}
                    mobile={mobile}
                  />
                )}
              </div>
              {pagesTotal > 1 ? (
                <Pagination
                  page={search.page ?? 1}
                  pagesTotal={pagesTotal}
                  onPageChange={(page) => update({ ...search, page: page > 1 ? page : undefined })}
                  label={t`Paginação das visualizações`}
                />
              ) : null}
            </section>
            {selectedId ? (
              <ViewDetail
                liveId={liveId}
                viewId={selectedId}
                viewerId={items.find((v) => v.id === selectedId)?.viewerId}
                query={view}
                mobile={mobile}
              />
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}

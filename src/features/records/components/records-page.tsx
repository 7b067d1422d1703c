import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Icon } from '@/components/ui/icon';
import * as layout from '@/components/ui/layout.css';
import { ListError, listFailed, listQueryState } from '@/components/ui/list-error';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useIsMobile } from '@/lib/use-media-query';
import { useRecords } from '../hooks/use-records';
import { isDefaultRange, isUnfilteredRange, rangeToSearch } from '../lib/range';
import { PAGE_SIZES, type PageSize } from '../lib/search';
import { LogCards, type LogListProps, LogTable, SortIcon } from './log-list';
import * as css from './records.css';
import { RecordsEmpty } from './records-empty';
import { type FilterPatch, RecordsFilters } from './records-filters';
import { SearchBar } from './search-bar';

/** SPEC §2.5 activity log page, 'Registros'. Every filter lives in the URL (see the route). */
export function RecordsPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Registros`);
  const mobile = useIsMobile();
  const panelId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const r = useRecords();
  const { search, logs } = r;

  const applyFilters = ({ range, ...rest }: FilterPatch) =>
    r.update({ ...rest, ...(range ? rangeToSearch(range, r.today) : {}) });
  // Filters that differ from what the page opens with.
  const activeFilters = [
    r.viewer.staff && r.clientId,
    r.accountId && r.accountId !== (r.viewer.staff ? undefined : r.viewer.selectedTeamId),
    !isDefaultRange(r.range, r.today) && !isUnfilteredRange(r.range, r.today),
  ].filter(Boolean).length;
  const short = (d: typeof r.range.start) =>
    d.toLocaleString(i18n.locale, { day: '2-digit', month: '2-digit', year: 'numeric' });

  const filters = (
    <RecordsFilters
      staff={r.viewer.staff}
      clients={r.clients.data}
      clientId={r.clientId}
      teams={r.teams.data}
      showTeams={r.showTeams}
      accountId={r.accountId}
      range={r.range}
      today={r.today}
      onChange={applyFilters}
    />
  );

  const entries = logs.data?.items;
  // Skeleton rows while loading, also over the previous page's answer (kept for the pagination).
  const loading = logs.isPending || logs.isPlaceholderData;
  // A failed fetch keeps the entries it had (shown, with when they are from); without any, the error
  // state shows: never the empty state, which would claim nothing was logged.
  const listState = listQueryState(logs);
  const failed = listFailed(listState);
  const empty = !loading && !failed && (!entries || entries.length === 0);
  const pagesTotal = logs.data?.pagination.pagesTotal ?? 0;
  // The server counts at most 10 pages ahead: past that, more pages exist than the pager shows.
  const openEnded = logs.data?.pagination.totalExact === false;
  const toggleOrder = () =>
    r.update({ order: search.order === 'desc' ? 'asc' : undefined, page: search.page });
  const list: LogListProps = {
    entries,
    loading,
    eventLabels: r.eventLabels,
    order: search.order,
    onToggleOrder: toggleOrder,
    timeZone: r.zone,
  };

  return (
    <section className={layout.page} aria-labelledby="records-title">
      <h1 id="records-title" className={layout.pageTitle}>
        <Trans>Registros</Trans>
      </h1>

      <div className={css.toolbar}>
        <Button
          variant="secondary"
          className={css.filterButton}
          aria-expanded={filtersOpen}
          aria-controls={mobile ? undefined : panelId}
          aria-haspopup={mobile ? 'dialog' : undefined}
          onClick={() => setFiltersOpen((o) => !o)}
        >
          <Icon>
            <path d="M4 6h16M7 12h10M10 18h4" />
          </Icon>
          <Trans>Filtros</Trans>
          {activeFilters > 0 ? (
            <span className={layout.countBadge}>
              <span className={layout.visuallyHidden}>
                <Trans>ativos:</Trans>
              </span>
              {activeFilters}
            </span>
          ) : null}
        </Button>
        {mobile ? (
          // Cards have no column header: the date sort is a button here.
          <Button variant="secondary" className={css.mobileSort} onClick={toggleOrder}>
            <SortIcon order={search.order} />
            <span className={layout.visuallyHidden}>
              <Trans>Ordenar por data:</Trans>
            </span>
            {search.order === 'desc' ? <Trans>Mais recentes</Trans> : <Trans>Mais antigos</Trans>}
          </Button>
        ) : null}
        <SearchBar
          by={search.by}
          q={search.q}
          onSearch={({ by, q }) =>
            // Only a different search starts again at page 1 (a new type with an empty box changes nothing).
            r.update(q || search.q ? { by, q } : { by, page: search.page })
          }
        />
      </div>

      {!mobile && filtersOpen ? (
        <section id={panelId} className={css.panel} aria-label={t`Filtros`}>
          {filters}
        </section>
      ) : null}
      {mobile ? (
        <Dialog
          variant="sheet"
          open={filtersOpen}
          onOpenChange={setFiltersOpen}
          title={<Trans>Filtros</Trans>}
          closeLabel={t`Fechar`}
          footer={
            <Button fullWidth onClick={() => setFiltersOpen(false)}>
              <Trans>Ver resultados</Trans>
            </Button>
          }
        >
          {filters}
        </Dialog>
      ) : null}

      <p className={layout.muted} data-testid="records-period">
        <Trans>
          Período: {short(r.range.start)} a {short(r.range.end)}
        </Trans>
      </p>

      <div className={css.surface}>
        {loading ? (
          <p role="status" className={layout.visuallyHidden}>
            <Trans>Carregando registros…</Trans>
          </p>
        ) : null}
        <ListError {...listState} />
        {failed ? null : empty ? (
          <RecordsEmpty searching={search.q !== ''} />
        ) : mobile ? (
          <LogCards {...list} />
        ) : (
          <LogTable {...list} />
        )}
      </div>

      <div className={css.footer}>
        <div className={css.pageSize}>
          <Select
            name="limit"
            label={<Trans>Itens por página</Trans>}
            inlineLabel
            options={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
            value={String(search.limit)}
            onValueChange={(v) => r.update({ limit: Number(v) as PageSize })}
          />
        </div>
        {pagesTotal > 1 && !empty && !failed ? (
          <Pagination
            page={search.page}
            pagesTotal={pagesTotal}
            openEnded={openEnded}
            onPageChange={(page) => r.update({ page })}
            label={t`Paginação dos registros`}
          />
        ) : null}
      </div>
    </section>
  );
}

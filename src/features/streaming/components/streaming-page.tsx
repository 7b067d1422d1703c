import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import * as layout from '@/components/ui/layout.css';
import * as lists from '@/components/ui/list.css';
import { ListError, listFailed, listQueryState } from '@/components/ui/list-error';
import { Pagination } from '@/components/ui/pagination';
import { Tabs } from '@/components/ui/tabs';
import { useOpenedOnce } from '@/components/ui/use-opened-once';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useIsMobile } from '@/lib/use-media-query';
import { presetQueryOptions } from '../api/get-preset';
import { useStreams } from '../api/list-streams';
import type { Stream } from '../api/stream';
import { streamsTotal } from '../lib/counts';
import { type LibrarySearch, libraryQuery, nextSort, type Tab } from '../lib/search';
import { PlusIcon, SettingsIcon } from './icons';
import { SearchBox } from './search-box';
import { StreamList } from './stream-list';
import * as css from './streaming.css';

// Opened by a button, never on the first paint: their code (the CSV upload, the settings form) comes
// when first opened, not with the page.
const CreateModeDialog = lazy(() =>
  import('./create-mode-dialog').then((m) => ({ default: m.CreateModeDialog })),
);
const ApplySettingsDialog = lazy(() =>
  import('./apply-settings-dialog').then((m) => ({ default: m.ApplySettingsDialog })),
);

const route = getRouteApi('/_authed/_shell/streaming/');

/** SPEC §2.7 library: status tabs, name/date/status columns, title search, sort, 10 a page, the options
 * of each stream, selection for the general settings, and the new-streaming button. */
export function StreamingPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Transmissões`);
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const mobile = useIsMobile();
  const query = libraryQuery(search);
  const streams = useStreams(query);
  const [selected, setSelected] = useState<Map<string, Stream>>(new Map());
  const [creating, setCreating] = useState(false);
  const [applying, setApplying] = useState(false);
  const createMounted = useOpenedOnce(creating);
  const applyMounted = useOpenedOnce(applying);

  const update = (patch: Partial<LibrarySearch>) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: false });

  // A selection belongs to what is on screen: a new tab, page or search starts afresh.
  const queryKey = JSON.stringify(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query (as text) is what resets it.
  useEffect(() => setSelected(new Map()), [queryKey]);

  // The create wizard starts from the account's general settings: once the list is on screen, they are
  // saved if this device has no copy yet, so 'Nova transmissão' opens offline too (docs/routes.md "Offline").
  const queryClient = useQueryClient();
  const listed = streams.isSuccess;
  useEffect(() => {
    const preset = presetQueryOptions();
    if (listed && queryClient.getQueryData(preset.queryKey) === undefined)
      void queryClient.prefetchQuery(preset);
  }, [listed, queryClient]);

  const items = streams.data?.items ?? [];
  const loading = streams.isPending || streams.isPlaceholderData;
  const listState = listQueryState(streams);
  const failed = listFailed(listState);
  const empty = !loading && !failed && items.length === 0;
  const pagesTotal = streams.data?.pagination.pagesTotal ?? 0;
  const total = streams.data?.pagination.total;

  const toggle = (stream: Stream, on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (on) next.set(stream.id, stream);
      else next.delete(stream.id);
      return next;
    });
  const toggleAll = (on: boolean) => setSelected(on ? new Map(items.map((s) => [s.id, s])) : new Map());

  const tabs = [
    { value: 'all', label: t`Todas` },
    { value: 'live', label: t`Ao vivo` },
    { value: 'scheduled', label: t`Agendadas` },
  ];

  return (
    <section className={layout.page} aria-labelledby="streaming-title">
      <div className={layout.pageHeader}>
        <h1 id="streaming-title" className={layout.pageTitle}>
          <Trans>Transmissões</Trans>
        </h1>
        <div className={layout.actions}>
          <Link to="/streaming/settings" className={`${buttonClass('secondary')} ${css.grow}`}>
            <SettingsIcon />
            <Trans>Configurações gerais</Trans>
          </Link>
          <Button className={css.grow} onClick={() => setCreating(true)}>
            <PlusIcon />
            <Trans>Nova transmissão</Trans>
          </Button>
        </div>
      </div>

      <Tabs
        label={t`Filtrar por status`}
        tabs={tabs}
        value={search.tab ?? 'all'}
        onValueChange={(v) => update({ tab: v === 'all' ? undefined : (v as Tab), page: undefined })}
      >
        <div className={layout.page}>
          <div className={layout.toolbar}>
            <SearchBox
              q={search.q ?? ''}
              label={t`Buscar transmissões pelo nome`}
              onSearch={(q) => update({ q: q || undefined, page: undefined })}
            />
            {selected.size > 0 ? (
              <Button variant="secondary" onClick={() => setApplying(true)}>
                <Trans>Aplicar configurações gerais ({selected.size})</Trans>
              </Button>
            ) : null}
          </div>

          <div className={layout.surface}>
            {loading ? (
              <p role="status" className={layout.visuallyHidden}>
                <Trans>Carregando transmissões…</Trans>
              </p>
            ) : null}
            <ListError {...listState} />
            {failed ? null : empty ? (
              <p className={lists.empty} role="status">
                <Trans>Nenhum resultado encontrado</Trans>
              </p>
            ) : (
              <StreamList
                items={items}
                loading={loading}
                mobile={mobile}
                sort={query.sort}
                onSort={(field) => update({ sort: nextSort(search.sort, field), page: undefined })}
                selected={selected}
                onToggle={toggle}
                onToggleAll={toggleAll}
              />
            )}
          </div>

          <div className={lists.footer}>
            <p className={layout.muted} data-testid="streams-total">
              {total !== undefined && !loading ? i18n._(streamsTotal(total)) : null}
            </p>
            {pagesTotal > 1 ? (
              <Pagination
                page={query.page}
                pagesTotal={pagesTotal}
                onPageChange={(page) => update({ page: page > 1 ? page : undefined })}
                label={t`Paginação das transmissões`}
              />
            ) : null}
          </div>
        </div>
      </Tabs>

      <Suspense fallback={null}>
        {createMounted ? <CreateModeDialog open={creating} onOpenChange={setCreating} /> : null}
        {applyMounted ? (
          <ApplySettingsDialog
            open={applying}
            onOpenChange={setApplying}
            streams={[...selected.values()]}
            onApplied={() => setSelected(new Map())}
          />
        ) : null}
      </Suspense>
    </section>
  );
}

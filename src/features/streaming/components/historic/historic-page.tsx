import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link } from '@tanstack/react-router';
import * as layout from '@/components/ui/layout.css';
import * as lists from '@/components/ui/list.css';
import { ListError, listFailed, listQueryState } from '@/components/ui/list-error';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDuration } from '@/lib/intl';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useIsMobile } from '@/lib/use-media-query';
import { useStreams } from '../../api/list-streams';
import type { Stream } from '../../api/stream';
import { formatDateTime } from '../../lib/format';
import { type HistoricSearch, historicQuery } from '../../lib/search';
import { SearchBox } from '../search-box';

const route = getRouteApi('/_authed/_shell/historic');

/** What became of the recording (live-to-VOD, made from what the RTMP ingest received): a link to its
 * video, still being processed or ready, or why there is none. */
function Recording({ stream }: { stream: Stream }) {
  if (stream.recording)
    return (
      <span>
        <a href={stream.recording.url} className={layout.link}>
          <Trans>Assistir gravação</Trans>
          <span className={layout.visuallyHidden}> {stream.nome}</span>
        </a>
        {stream.recordingStatus === 'processing' ? (
          <span className={layout.muted}>
            {' '}
            <Trans>(em processamento)</Trans>
          </span>
        ) : stream.recordingStatus === 'failed' ? (
          <span className={layout.muted}>
            {' '}
            <Trans>(a conversão falhou)</Trans>
          </span>
        ) : null}
      </span>
    );
  if (stream.recordingStatus === 'processing')
    return (
      <span className={layout.muted}>
        <Trans>Gravação em processamento…</Trans>
      </span>
    );
  if (!stream.transcode.enableLive2vod)
    return (
      <span className={layout.muted}>
        <Trans>Sem gravação (Live para VOD desligado)</Trans>
      </span>
    );
  return (
    <span className={layout.muted}>
      <Trans>Gravação indisponível: nenhum vídeo foi recebido</Trans>
    </span>
  );
}

/** /historic: finished broadcasts with their date, duration and recording (SPEC §2.2, docs/api-streams.md).
 * */
export function HistoricPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Histórico de transmissões`);
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const mobile = useIsMobile();
  const query = historicQuery(search);
  const streams = useStreams(query);
  const update = (patch: Partial<HistoricSearch>) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }) });
  const items = streams.data?.items ?? [];
  const loading = streams.isPending || streams.isPlaceholderData;
  const listState = listQueryState(streams);
  const pagesTotal = streams.data?.pagination.pagesTotal ?? 0;
  const name = (s: Stream) => (
    <Link
      to="/streaming/$liveId/panel"
      params={{ liveId: s.id }}
      className={`${lists.rowLink} ${lists.nameCell}`}
    >
      {s.nome}
    </Link>
  );

  return (
    <section className={layout.page} aria-labelledby="historic-title">
      <h1 id="historic-title" className={layout.pageTitle}>
        <Trans>Histórico de transmissões</Trans>
      </h1>
      <div className={layout.toolbar}>
        <SearchBox
          q={search.q ?? ''}
          label={t`Buscar no histórico pelo nome`}
          onSearch={(q) => update({ q: q || undefined, page: undefined })}
        />
      </div>
      <div className={layout.surface} aria-busy={loading || undefined}>
        <ListError {...listState} />
        {listFailed(listState) ? null : loading ? (
          <div className={layout.card}>
            <p role="status" className={layout.visuallyHidden}>
              <Trans>Carregando histórico…</Trans>
            </p>
            <Skeleton height="1.2em" />
            <Skeleton height="1.2em" />
            <Skeleton height="1.2em" />
          </div>
        ) : items.length === 0 ? (
          <p className={lists.empty} role="status">
            {search.q ? (
              <Trans>Nenhum resultado encontrado</Trans>
            ) : (
              <Trans>Nenhuma transmissão encerrada ainda.</Trans>
            )}
          </p>
        ) : mobile ? (
          <ul className={lists.cards}>
            {items.map((s) => (
              <li key={s.id} className={lists.cardItemSingle} data-testid="historic-row">
                <span className={lists.cardBody}>
                  {name(s)}
                  <span className={lists.cardMeta}>
                    {formatDateTime(s.startedAt ?? s.scheduledStartTime, i18n.locale)} ·{' '}
                    {formatDuration(s.durationSeconds)}
                  </span>
                  <Recording stream={s} />
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <table className={lists.table}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Nome</Trans>
                </th>
                <th scope="col">
                  <Trans>Data</Trans>
                </th>
                <th scope="col">
                  <Trans>Duração</Trans>
                </th>
                <th scope="col">
                  <Trans>Gravação</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((s) => (
                <tr key={s.id} data-testid="historic-row">
                  <td>{name(s)}</td>
                  <td>{formatDateTime(s.startedAt ?? s.scheduledStartTime, i18n.locale)}</td>
                  <td>{formatDuration(s.durationSeconds)}</td>
                  <td>
                    <Recording stream={s} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {pagesTotal > 1 ? (
        <Pagination
          page={query.page}
          pagesTotal={pagesTotal}
          onPageChange={(page) => update({ page: page > 1 ? page : undefined })}
          label={t`Paginação do histórico`}
        />
      ) : null}
    </section>
  );
}

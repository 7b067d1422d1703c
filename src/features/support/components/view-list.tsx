import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import * as layout from '@/components/ui/layout.css';
import * as lists from '@/components/ui/list.css';
import { Skeleton } from '@/components/ui/skeleton';
import type { View } from '../api/view';
import { formatMs, placeOf, startedAt } from '../lib/format';
import { stallsCount } from '../lib/labels';
import { ViewStatus } from './status-pill';
import * as css from './support.css';

export interface ViewListProps {
  liveId: string;
  views: readonly View[];
  loading: boolean;
  /** The view open in the detail. */
  selectedId: string | undefined;
  mobile: boolean;
}

const DASH = '—';

/** The viewer ID, a link that opens the view (kept in the URL, so the link can be shared). */
function ViewLink({ liveId, view, selected }: { liveId: string; view: View; selected: boolean }) {
  const { i18n } = useLingui();
  return (
    <Link
      to="/atendimento/$liveId"
      params={{ liveId }}
      search={(prev) => ({ ...prev, view: view.id })}
      resetScroll={false}
      className={css.viewerLink}
      aria-current={selected ? 'true' : undefined}
      data-testid="support-view-link"
    >
      {view.viewerId}
      <span className={layout.visuallyHidden}>
        {' '}
        <Trans>visualização de {startedAt(view.startedAt, i18n.locale)}</Trans>
      </span>
    </Link>
  );
}

function Rebuffering({ view }: { view: View }) {
  const { i18n } = useLingui();
  if (view.rebufferCount === 0 && view.rebufferMs === 0) return <>{DASH}</>;
  return (
    <>
      {formatMs(view.rebufferMs, i18n.locale)} · {i18n._(stallsCount(view.rebufferCount))}
    </>
  );
}

/** A live's views, newest first: a table on a desktop, cards on a phone. */
export function ViewList({ liveId, views, loading, selectedId, mobile }: ViewListProps) {
  const { i18n } = useLingui();
  if (loading && views.length === 0) {
    return (
      <div className={layout.card} aria-busy="true">
        <p role="status" className={layout.visuallyHidden}>
          <Trans>Carregando visualizações…</Trans>
        </p>
        <Skeleton height="1.2em" />
        <Skeleton height="1.2em" />
        <Skeleton height="1.2em" />
      </div>
    );
  }
  if (views.length === 0) {
    return (
      <p className={lists.empty} role="status" data-testid="support-views-empty">
        <Trans>Nenhuma visualização encontrada</Trans>
      </p>
    );
  }

  if (mobile) {
    return (
      <ul
        className={lists.cards}
        aria-labelledby="support-views-title"
        aria-busy={loading || undefined}
        data-testid="support-views"
      >
        {views.map((v) => (
          <li
            key={v.id}
            className={`${lists.cardItemSingle} ${v.id === selectedId ? css.selected : ''}`}
            data-testid="support-view-row"
          >
            <span className={lists.cardBody}>
              <span className={css.cardRow}>
                <ViewLink liveId={liveId} view={v} selected={v.id === selectedId} />
                <ViewStatus status={v.status} />
              </span>
              <span className={lists.cardMeta}>{startedAt(v.startedAt, i18n.locale)}</span>
              <span className={lists.cardMeta}>
                {[v.os, v.browser, placeOf(v), v.networkProvider].filter(Boolean).join(' · ') || DASH}
              </span>
              <span className={lists.cardMeta}>
                <span>
                  <Trans>Tempo de início:</Trans> {formatMs(v.startupMs, i18n.locale) ?? DASH}
                </span>
                <span>
                  <Trans>Rebuffering:</Trans> <Rebuffering view={v} />
                </span>
              </span>
            </span>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className={css.scroll}>
      <table
        className={lists.table}
        aria-labelledby="support-views-title"
        aria-busy={loading || undefined}
        data-testid="support-views"
      >
        <thead>
          <tr>
            <th scope="col">
              <Trans>ID do espectador</Trans>
            </th>
            <th scope="col">
              <Trans>Começou</Trans>
            </th>
            <th scope="col">
              <Trans>Status</Trans>
            </th>
            <th scope="col">
              <Trans>Sistema e navegador</Trans>
            </th>
            <th scope="col">
              <Trans>Local e provedor</Trans>
            </th>
            <th scope="col">
              <Trans>Tempo de início</Trans>
            </th>
            <th scope="col">
              <Trans>Rebuffering</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {views.map((v) => (
            <tr
              key={v.id}
              className={v.id === selectedId ? css.selected : undefined}
              data-testid="support-view-row"
            >
              <td>
                <ViewLink liveId={liveId} view={v} selected={v.id === selectedId} />
              </td>
              <td className={css.nowrap}>{startedAt(v.startedAt, i18n.locale)}</td>
              <td>
                <ViewStatus status={v.status} />
              </td>
              {/* Two facts a cell, one above the other: nine columns scrolled sideways at 1280 px
                  (docs/ui.md "Support's list of views"). */}
              <td>
                <span className={css.cellLines}>
                  <span>{v.os ?? DASH}</span>
                  <span className={layout.muted}>{v.browser ?? DASH}</span>
                </span>
              </td>
              <td>
                <span className={css.cellLines}>
                  <span>{placeOf(v) ?? DASH}</span>
                  <span className={layout.muted}>{v.networkProvider ?? DASH}</span>
                </span>
              </td>
              <td className={css.nowrap}>{formatMs(v.startupMs, i18n.locale) ?? DASH}</td>
              <td>
                <Rebuffering view={v} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

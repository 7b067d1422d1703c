import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { StatusBadge } from '@/components/status/status-badge';
import * as layout from '@/components/ui/layout.css';
import * as lists from '@/components/ui/list.css';
import { Skeleton } from '@/components/ui/skeleton';
import type { Stream } from '../api/stream';
import { formatDateTime } from '../lib/format';
import type { SortDirection, SortField } from '../lib/search';
import { SortIcon } from './icons';
import { StreamMenu } from './stream-menu';

export interface StreamListProps {
  items: readonly Stream[];
  loading: boolean;
  mobile: boolean;
  sort: string;
  onSort: (field: SortField) => void;
  selected: ReadonlyMap<string, Stream>;
  onToggle: (stream: Stream, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
}

const SKELETON_ROWS = 5;

/** The library's rows: a table with sortable headers on wide screens, cards on phones. */
export function StreamList(props: StreamListProps) {
  return props.mobile ? <StreamCards {...props} /> : <StreamTable {...props} />;
}

function Check({
  stream,
  selected,
  onToggle,
}: Pick<StreamListProps, 'selected' | 'onToggle'> & { stream: Stream }) {
  const { t } = useLingui();
  return (
    <label className={lists.checkLabel}>
      <input
        type="checkbox"
        className={lists.checkbox}
        checked={selected.has(stream.id)}
        onChange={(e) => onToggle(stream, e.target.checked)}
        aria-label={t`Selecionar ${stream.nome}`}
      />
    </label>
  );
}

function StreamTable({ items, loading, sort, onSort, selected, onToggle, onToggleAll }: StreamListProps) {
  const { t, i18n } = useLingui();
  const [by, dir] = sort.split(',') as [SortField, SortDirection];
  const allOn = items.length > 0 && items.every((s) => selected.has(s.id));
  const header = (field: SortField, label: string) => (
    <th scope="col" aria-sort={by === field ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button type="button" className={lists.sortButton} onClick={() => onSort(field)}>
        {label}
        <SortIcon direction={by === field ? dir : undefined} />
      </button>
    </th>
  );
  return (
    <table className={lists.table} aria-busy={loading || undefined}>
      <thead>
        <tr>
          <th scope="col" className={lists.checkCell}>
            <label className={lists.checkLabel}>
              <input
                type="checkbox"
                className={lists.checkbox}
                checked={allOn}
                disabled={items.length === 0}
                onChange={(e) => onToggleAll(e.target.checked)}
                aria-label={t`Selecionar todas desta página`}
              />
            </label>
          </th>
          {header('name', t`Nome`)}
          {header('date', t`Data`)}
          {header('status', t`Status`)}
          <th scope="col" className={lists.menuCell}>
            <span className={layout.visuallyHidden}>
              <Trans>Opções</Trans>
            </span>
          </th>
        </tr>
      </thead>
      <tbody>
        {loading
          ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
              <tr key={i}>
                <td />
                <td>
                  <Skeleton height="1.1em" width="60%" />
                </td>
                <td>
                  <Skeleton height="1.1em" width="8em" />
                </td>
                <td>
                  <Skeleton height="1.1em" width="6em" />
                </td>
                <td />
              </tr>
            ))
          : items.map((s) => (
              <tr key={s.id} data-testid="stream-row">
                <td className={lists.checkCell}>
                  <Check stream={s} selected={selected} onToggle={onToggle} />
                </td>
                <td className={lists.nameCell}>
                  <Link to="/streaming/$liveId/panel" params={{ liveId: s.id }} className={lists.rowLink}>
                    {s.nome}
                  </Link>
                </td>
                <td>{formatDateTime(s.scheduledStartTime, i18n.locale)}</td>
                <td>
                  <StatusBadge status={s.status} />
                </td>
                <td className={lists.menuCell}>
                  <StreamMenu stream={s} />
                </td>
              </tr>
            ))}
      </tbody>
    </table>
  );
}

function StreamCards({ items, loading, selected, onToggle }: StreamListProps) {
  const { i18n } = useLingui();
  if (loading)
    return (
      <ul className={lists.cards} aria-busy="true">
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <li key={i} className={lists.cardItem}>
            <span />
            <span className={lists.cardBody}>
              <Skeleton height="1.1em" width="70%" />
              <Skeleton height="0.9em" width="50%" />
            </span>
            <span />
          </li>
        ))}
      </ul>
    );
  return (
    <ul className={lists.cards}>
      {items.map((s) => (
        <li key={s.id} className={lists.cardItem} data-testid="stream-row">
          <Check stream={s} selected={selected} onToggle={onToggle} />
          <span className={lists.cardBody}>
            <Link
              to="/streaming/$liveId/panel"
              params={{ liveId: s.id }}
              className={`${lists.rowLink} ${lists.nameCell}`}
            >
              {s.nome}
            </Link>
            <span className={lists.cardMeta}>
              <StatusBadge status={s.status} />
              {formatDateTime(s.scheduledStartTime, i18n.locale)}
            </span>
          </span>
          <StreamMenu stream={s} />
        </li>
      ))}
    </ul>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { Skeleton } from '@/components/ui/skeleton';
import type { LogEntry } from '../api/list-logs';
import { formatMoment } from '../lib/format';
import type { SortOrder } from '../lib/search';
import { EventIcon } from './event-icon';
import * as css from './log.css';
import { RecordDetails } from './record-details';
import { Responsible } from './responsible';

/** SPEC §9: 10 skeleton rows while loading. */
export const SKELETON_ROWS = 10;

export interface LogListProps {
  entries: readonly LogEntry[] | undefined;
  loading: boolean;
  eventLabels: Readonly<Record<string, string>>;
  order: SortOrder;
  onToggleOrder: () => void;
  timeZone: string;
}

function Moment({ iso, timeZone, inline }: { iso: string; timeZone: string; inline?: boolean }) {
  const { i18n } = useLingui();
  const { date, time } = formatMoment(iso, i18n.locale, timeZone);
  return (
    <time dateTime={iso} className={inline ? css.momentInline : undefined}>
      <span className={css.dateText}>{date}</span> <span className={css.timeText}>{time}</span>
    </time>
  );
}

function EventCell({ entry, label }: { entry: LogEntry; label: string }) {
  return (
    <div className={css.event}>
      <EventIcon code={entry.event} />
      <div className={css.eventText}>
        <span className={css.eventLabel} data-testid="log-event">
          {label}
        </span>
        {entry.identifier ? (
          <span className={css.identifier} data-testid="log-identifier">
            {entry.identifier}
          </span>
        ) : null}
        <RecordDetails record={entry.record} />
      </div>
    </div>
  );
}

export function SortIcon({ order }: { order: SortOrder }) {
  return (
    <svg
      aria-hidden="true"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d={order === 'desc' ? 'M12 5v14m-6-6 6 6 6-6' : 'M12 19V5m-6 6 6-6 6 6'} />
    </svg>
  );
}

const keyOf = (entry: LogEntry, i: number) => entry.id ?? `${entry.created_at}-${i}`;

/** Desktop: a table whose date header sorts (aria-sort). */
export function LogTable({ entries, loading, eventLabels, order, onToggleOrder, timeZone }: LogListProps) {
  return (
    <table className={css.table} aria-busy={loading || undefined} data-testid="log-table">
      <thead>
        <tr>
          <th
            className={`${css.th} ${css.dateCol}`}
            aria-sort={order === 'desc' ? 'descending' : 'ascending'}
          >
            <button type="button" className={css.sortButton} onClick={onToggleOrder}>
              <Trans>Data</Trans>
              <SortIcon order={order} />
            </button>
          </th>
          <th className={css.th}>
            <Trans>Evento</Trans>
          </th>
          <th className={`${css.th} ${css.responsibleCol}`}>
            <Trans>Responsável</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {loading
          ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
              <tr key={i} data-testid="log-skeleton">
                <td className={css.td}>
                  <Skeleton width="88px" />
                  <Skeleton width="56px" className={css.timeText} />
                </td>
                <td className={css.td}>
                  <Skeleton width="60%" />
                </td>
                <td className={css.td}>
                  <Skeleton width="80%" />
                </td>
              </tr>
            ))
          : entries?.map((entry, i) => (
              <tr key={keyOf(entry, i)} data-testid="log-row">
                <td className={css.td}>
                  <Moment iso={entry.created_at} timeZone={timeZone} />
                </td>
                <td className={css.td}>
                  <EventCell entry={entry} label={eventLabels[entry.event] ?? entry.event} />
                </td>
                <td className={css.td}>
                  <Responsible entry={entry} />
                </td>
              </tr>
            ))}
      </tbody>
    </table>
  );
}

/** Below 930 px: one card per entry. */
export function LogCards({ entries, loading, eventLabels, timeZone }: LogListProps) {
  if (loading) {
    return (
      <ul className={css.cards} aria-busy="true">
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <li key={i} className={css.card} data-testid="log-skeleton">
            <Skeleton width="40%" />
            <Skeleton width="75%" />
            <Skeleton width="60%" />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className={css.cards}>
      {entries?.map((entry, i) => (
        <li key={keyOf(entry, i)} className={css.card} data-testid="log-row">
          <Moment iso={entry.created_at} timeZone={timeZone} inline />
          <EventCell entry={entry} label={eventLabels[entry.event] ?? entry.event} />
          <Responsible entry={entry} />
        </li>
      ))}
    </ul>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import * as lists from '@/components/ui/list.css';
import { formatCount, formatPercent, formatStartup, formatWatchTime } from '../lib/format';
import * as css from './vod-analytics.css';

/** One folder's or video's figures over the window. */
export interface FigureRow {
  id: string;
  /** The name cell: a link to the folder or the video, or the plain title. */
  name: ReactNode;
  views: number;
  watchMs: number;
  startupAvgMs: number | null;
  rebufferPercent: number | null;
  likes: number;
  /** Folders only: the videos of the subtree. */
  videos?: number;
}

export interface FigureRowsProps {
  kind: 'folder' | 'video';
  rows: readonly FigureRow[];
  mobile: boolean;
  /** The id of the section's heading, which names the table or the list. */
  labelledBy: string;
}

/** The figures of a row, in their column order, with labels for a phone's card. */
function useCells(row: FigureRow, kind: FigureRowsProps['kind']) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  return [
    ...(kind === 'folder'
      ? [{ key: 'videos', label: t`Vídeos`, value: formatCount(row.videos ?? 0, locale) }]
      : []),
    { key: 'views', label: t`Visualizações`, value: formatCount(row.views, locale) },
    { key: 'watch', label: t`Tempo assistido`, value: formatWatchTime(row.watchMs, locale) },
    { key: 'startup', label: t`Tempo de início`, value: formatStartup(row.startupAvgMs, locale) },
    { key: 'rebuffer', label: t`Rebuffering`, value: formatPercent(row.rebufferPercent, locale) },
    { key: 'likes', label: t`Curtidas`, value: formatCount(row.likes, locale) },
  ];
}

function TableRow({ row, kind }: { row: FigureRow; kind: FigureRowsProps['kind'] }) {
  const cells = useCells(row, kind);
  return (
    <tr data-testid={`vod-analytics-${kind}-row`} data-id={row.id}>
      <td className={css.name}>{row.name}</td>
      {cells.map((c) => (
        <td
          key={c.key}
          className={css.number}
          data-testid={c.key === 'views' ? `vod-analytics-${kind}-views` : undefined}
        >
          {c.value}
        </td>
      ))}
    </tr>
  );
}

function Card({ row, kind }: { row: FigureRow; kind: FigureRowsProps['kind'] }) {
  const cells = useCells(row, kind);
  return (
    <li className={lists.cardItemSingle} data-testid={`vod-analytics-${kind}-row`} data-id={row.id}>
      <span className={lists.cardBody}>
        <span className={css.name}>{row.name}</span>
        <dl className={css.cardFigures}>
          {cells.map((c) => (
            <div key={c.key} className={css.cardFigure}>
              <dt>{c.label}</dt>
              <dd data-testid={c.key === 'views' ? `vod-analytics-${kind}-views` : undefined}>{c.value}</dd>
            </div>
          ))}
        </dl>
      </span>
    </li>
  );
}

/** Subfolders or videos with their figures, most viewed first (the server's order): a table on a
 * desktop, cards below 930 px. */
export function FigureRows({ kind, rows, mobile, labelledBy }: FigureRowsProps) {
  if (mobile) {
    return (
      <ul className={lists.cards} aria-labelledby={labelledBy} data-testid={`vod-analytics-${kind}s`}>
        {rows.map((row) => (
          <Card key={row.id} row={row} kind={kind} />
        ))}
      </ul>
    );
  }
  return (
    <div className={css.scroll}>
      <table className={lists.table} aria-labelledby={labelledBy} data-testid={`vod-analytics-${kind}s`}>
        <thead>
          <tr>
            <th scope="col">{kind === 'folder' ? <Trans>Pasta</Trans> : <Trans>Título</Trans>}</th>
            {kind === 'folder' ? (
              <th scope="col" className={css.number}>
                <Trans>Vídeos</Trans>
              </th>
            ) : null}
            <th scope="col" className={css.number}>
              <Trans>Visualizações</Trans>
            </th>
            <th scope="col" className={css.number}>
              <Trans>Tempo assistido</Trans>
            </th>
            <th scope="col" className={css.number}>
              <Trans>Tempo de início</Trans>
            </th>
            <th scope="col" className={css.number}>
              <Trans>Rebuffering</Trans>
            </th>
            <th scope="col" className={css.number}>
              <Trans>Curtidas</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <TableRow key={row.id} row={row} kind={kind} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { numberFormat } from '@/lib/intl';
import type { Summary } from '../api/get-summary';
import { lastOthers } from '../lib/chart-data';
import { QUALITY_CLASSES } from '../lib/metrics';
import { lastPoint } from '../lib/points';
import type { QualitySection, QualityShares } from '../lib/series-store';
import * as css from './analytics.css';
import { Attributions } from './attributions';
import { useValueLabel } from './chart-legend';
import { BREAKDOWN_LABELS } from './labels';
import { ChartCard, ChartState, ENRICHED, SeriesFigure, useBreakdown } from './series-card';

const percent = (locale: string, value: number | undefined) =>
  value === undefined
    ? '—'
    : numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);

/** The newest bucket's share of each quality class, as bars. */
function Distribution({ shares, label }: { shares: QualityShares; label: string }) {
  const { i18n } = useLingui();
  return (
    <ul className={css.bars} aria-label={label}>
      {QUALITY_CLASSES.map((cls) => {
        const value = shares[cls] ?? 0;
        return (
          <li key={cls}>
            <div className={css.barHead}>
              <span>{cls}</span>
              <span className={css.number}>{percent(i18n.locale, value)}</span>
            </div>
            <div className={css.barTrack} aria-hidden="true">
              <div className={css.barFill} style={{ width: `${Math.min(100, Math.max(0, value))}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Video quality (docs/analytics.md "Definitions"): the share of playing time per rendition class
 * over time and in the newest bucket; split by a breakdown, each value's shares over the window. */
export function QualityCard({
  section,
  online,
  attributions,
}: {
  section: QualitySection;
  online: boolean;
  attributions: Summary['attributions'];
}) {
  const { t, i18n } = useLingui();
  const label = useValueLabel();
  const { breakdown, select } = useBreakdown('videoQuality');
  const { total } = section.entities;
  const latest: Partial<Record<(typeof QUALITY_CLASSES)[number], number>> = {};
  for (const cls of QUALITY_CLASSES) {
    const point = lastPoint(total[cls]);
    if (point) latest[cls] = point[1];
  }

  if (breakdown === 'total') {
    return (
      <ChartCard metric="videoQuality" select={select}>
        <SeriesFigure series={total} metric="videoQuality" section={section} online={online} />
        {Object.keys(latest).length > 0 ? (
          <>
            <h4 className={css.figureLabel}>
              <Trans>Distribuição agora</Trans>
            </h4>
            <Distribution shares={latest} label={t`Distribuição da qualidade no período mais recente`} />
          </>
        ) : null}
      </ChartCard>
    );
  }

  const byValue = section.entities[breakdown];
  const values = lastOthers(Object.keys(byValue));
  return (
    <ChartCard metric="videoQuality" select={select}>
      {values.length === 0 ? (
        <ChartState section={section} online={online} />
      ) : (
        <div className={css.tableScroll}>
          <table className={css.table}>
            <caption className={css.figureHint}>
              <Trans>Participação de cada qualidade no período</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col" className={css.cell}>
                  {i18n._(BREAKDOWN_LABELS[breakdown])}
                </th>
                {QUALITY_CLASSES.map((cls) => (
                  <th key={cls} scope="col" className={css.numberCell}>
                    {cls}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {values.map((name) => (
                <tr key={name}>
                  <th scope="row" className={css.cell}>
                    {label(name)}
                  </th>
                  {QUALITY_CLASSES.map((cls) => (
                    <td key={cls} className={css.numberCell}>
                      {percent(i18n.locale, byValue[name]?.[cls])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {ENRICHED.has(breakdown) ? <Attributions items={attributions} /> : null}
    </ChartCard>
  );
}

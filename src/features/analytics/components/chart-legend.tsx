import { Trans, useLingui } from '@lingui/react/macro';
import { dateTimeFormat } from '@/lib/intl';
import { latestValues } from '../lib/chart-data';
import { formatValue, type Unit } from '../lib/format';
import type { NamedSeries } from '../lib/points';
import * as css from './analytics.css';
import { VALUE_LABELS } from './labels';
import { SERIES_COLORS } from './series-colors';

/** A series' name as shown: the server's words for "others" and "unknown" translated. */
export function useValueLabel() {
  const { i18n } = useLingui();
  return (name: string) => {
    const known = VALUE_LABELS[name];
    return known ? i18n._(known) : name;
  };
}

/** A chart's legend, which is also its text alternative: the newest value of each series drawn and
 * when it was measured. */
export function ChartLegend({ series, names, unit }: { series: NamedSeries; names: string[]; unit: Unit }) {
  const { i18n } = useLingui();
  const label = useValueLabel();
  const values = latestValues(series, names);
  if (values.length === 0) return null;
  const newest = Math.max(...values.map((v) => v.point[0]));
  const time = dateTimeFormat(i18n.locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(
    new Date(newest),
  );
  return (
    <figcaption>
      <p className={css.figureHint}>
        <Trans>Valores mais recentes ({time}):</Trans>
      </p>
      <ul className={css.legend}>
        {values.map(({ name, point }) => (
          <li key={name} className={css.legendItem}>
            <span
              className={css.swatch}
              style={{ background: SERIES_COLORS[names.indexOf(name) % SERIES_COLORS.length] }}
              aria-hidden="true"
            />
            <span>{label(name)}:</span>
            <span className={css.number}>{formatValue(point[1], unit, i18n.locale)}</span>
          </li>
        ))}
      </ul>
    </figcaption>
  );
}

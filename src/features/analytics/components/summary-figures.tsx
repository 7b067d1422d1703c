import { useLingui } from '@lingui/react/macro';
import { FigureCard as Figure, FigureCards } from '@/components/ui/figure-card';
import { numberFormat, shortDateTime } from '@/lib/intl';
import type { Summary } from '../api/get-summary';
import { stallsCount, viewsCount } from '../lib/counts';
import { formatMs, formatValue } from '../lib/format';

/** The live's figures (docs/analytics.md summary): audience, watch time and quality of experience.
 * `viewers` are the current viewers and peak, pushed figures included. */
export function SummaryFigures({
  summary,
  viewers,
}: {
  summary: Summary;
  viewers: { now: number; peak: number };
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const count = (n: number) => formatValue(n, 'count', locale);
  const pct = (n: number | null | undefined) => formatValue(n, 'percent', locale);
  const ms = (n: number | null | undefined) => formatValue(n, 'ms', locale);
  const hours = numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const peakAt = summary.peakAt ? shortDateTime(new Date(summary.peakAt), locale) : null;
  // The peak is the highest of the server's frequent samples; the chart shows one count per 10-second
  // bucket (its last sample), so a short spike can pass the chart's top: said, not hidden
  // (docs/analytics.md "Breakdowns add up").
  const peakHow = t`Maior contagem instantânea; o gráfico mostra uma contagem a cada 10 s`;
  const startup = summary.startupTime;
  return (
    <FigureCards label={t`Números da transmissão`} minWidth={170}>
      <Figure id="viewersNow" label={t`Espectadores agora`} value={count(viewers.now)} />
      <Figure
        id="peak"
        label={t`Pico de espectadores`}
        value={count(viewers.peak)}
        hint={peakAt ? `${t`em ${peakAt}`}. ${peakHow}` : peakHow}
      />
      <Figure id="views" label={t`Visualizações`} value={count(summary.totalReproduction)} />
      <Figure id="spectators" label={t`Espectadores únicos`} value={count(summary.spectators)} />
      <Figure
        id="watchHours"
        label={t`Horas assistidas`}
        value={summary.totalHours == null ? '—' : hours.format(summary.totalHours)}
      />
      <Figure id="sessionTime" label={t`Tempo médio de sessão`} value={formatMs(summary.sessionTime)} />
      <Figure
        id="startupTime"
        label={t`Tempo médio de início`}
        value={ms(startup?.averageMs)}
        hint={
          startup?.p50Ms != null || startup?.p90Ms != null
            ? `p50 ${ms(startup?.p50Ms)} · p90 ${ms(startup?.p90Ms)}`
            : undefined
        }
      />
      <Figure
        id="initFail"
        label={t`Falhas de início`}
        value={pct(summary.initFail.percent)}
        hint={i18n._(viewsCount(summary.initFail.count))}
      />
      <Figure
        id="playbackFail"
        label={t`Falhas durante a reprodução`}
        value={pct(summary.playbackFail.percent)}
        hint={i18n._(viewsCount(summary.playbackFail.count))}
      />
      <Figure
        id="exitBeforeStart"
        label={t`Saídas antes do início`}
        value={pct(summary.exitBeforeStart.percent)}
        hint={i18n._(viewsCount(summary.exitBeforeStart.count))}
      />
      <Figure
        id="rebuffering"
        label={t`Rebuffering`}
        value={pct(summary.rebuffering.percent)}
        hint={summary.rebuffering.count == null ? undefined : i18n._(stallsCount(summary.rebuffering.count))}
      />
      <Figure id="totalTime" label={t`Tempo no ar`} value={formatMs(summary.totalTime)} />
    </FigureCards>
  );
}

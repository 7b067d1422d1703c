import { useLingui } from '@lingui/react/macro';
import type { VodAnalytics } from '../api/get-vod-analytics';
import { formatCount, formatPercent, formatStartup, formatWatchTime } from '../lib/format';
import * as css from './vod-analytics.css';

function Figure({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className={css.figure} data-figure={id}>
      <dt className={css.figureLabel}>{label}</dt>
      <dd className={css.figureValue} data-testid={`vod-total-${id}`}>
        {value}
      </dd>
    </div>
  );
}

/** The open folder's figures over the window, its whole subtree included. */
export function Totals({ totals }: { totals: VodAnalytics['totals'] }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  return (
    <dl className={css.figures} aria-label={t`Números da pasta`} data-testid="vod-analytics-totals">
      <Figure id="views" label={t`Visualizações`} value={formatCount(totals.views, locale)} />
      <Figure id="watch" label={t`Tempo assistido`} value={formatWatchTime(totals.watchMs, locale)} />
      <Figure
        id="startup"
        label={t`Tempo médio de início`}
        value={formatStartup(totals.startupAvgMs, locale)}
      />
      <Figure id="rebuffer" label={t`Rebuffering`} value={formatPercent(totals.rebufferPercent, locale)} />
      <Figure id="likes" label={t`Curtidas`} value={formatCount(totals.likes, locale)} />
      <Figure id="videos" label={t`Vídeos`} value={formatCount(totals.videos, locale)} />
    </dl>
  );
}

import { useLingui } from '@lingui/react/macro';
import { FigureCard, FigureCards } from '@/components/ui/figure-card';
import type { VodAnalytics } from '../api/get-vod-analytics';
import { formatCount, formatPercent, formatStartup, formatWatchTime } from '../lib/format';

const Figure = ({ id, label, value }: { id: string; label: string; value: string }) => (
  <FigureCard id={id} label={label} value={value} valueTestId={`vod-total-${id}`} />
);

/** The open folder's figures over the window, its whole subtree included. */
export function Totals({ totals }: { totals: VodAnalytics['totals'] }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  return (
    <FigureCards label={t`Números da pasta`} minWidth={160} testId="vod-analytics-totals">
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
    </FigureCards>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import * as layout from '@/components/ui/layout.css';
import { numberFormat, shortDateTime } from '@/lib/intl';
import type { Summary } from '../api/get-summary';
import { formatValue } from '../lib/format';
import * as css from './analytics.css';
import { Attributions } from './attributions';
import { useValueLabel } from './chart-legend';
import { HEALTH_LABELS } from './labels';

/** Places shown before "Mostrar todos". */
const TOP_PLACES = 10;

function DetailCard({ title, children }: { title: string; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <section className={layout.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={layout.cardTitle}>
        {title}
      </h3>
      {children}
    </section>
  );
}

function Bars({ rows, label }: { rows: { name: string; value: number; share: number }[]; label: string }) {
  const { i18n } = useLingui();
  return (
    <ul className={css.bars} aria-label={label}>
      {rows.map((row) => (
        <li key={row.name}>
          <div className={css.barHead}>
            <span>{row.name}</span>
            <span className={css.number}>
              {formatValue(row.value, 'count', i18n.locale)} ·{' '}
              {formatValue(row.share, 'percent', i18n.locale)}
            </span>
          </div>
          <div className={css.barTrack} aria-hidden="true">
            <div className={css.barFill} style={{ width: `${Math.min(100, Math.max(0, row.share))}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

const none = (
  <p className={layout.muted}>
    <Trans>Sem dados ainda.</Trans>
  </p>
);

/** Views per CDN (who served the media). */
function CdnUse({ summary }: { summary: Summary }) {
  const { t } = useLingui();
  const label = useValueLabel();
  const total = summary.cdnUse.reduce((sum, c) => sum + c.views, 0);
  const rows = summary.cdnUse.map((c) => ({
    name: label(c.cdn),
    value: c.views,
    share: c.percent ?? (total > 0 ? (c.views / total) * 100 : 0),
  }));
  return (
    <DetailCard title={t`Uso de CDN`}>
      {rows.length === 0 ? none : <Bars rows={rows} label={t`Visualizações por CDN`} />}
    </DetailCard>
  );
}

/** Views per operating system (the summary's spectatorsGraph). */
function Systems({ summary }: { summary: Summary }) {
  const { t } = useLingui();
  const label = useValueLabel();
  const { labels, series } = summary.spectatorsGraph;
  const values = labels.map((name, i) => ({ name: label(name), value: series[i] ?? 0 }));
  const total = values.reduce((sum, v) => sum + v.value, 0);
  const rows = values.map((v) => ({ ...v, share: total > 0 ? (v.value / total) * 100 : 0 }));
  return (
    <DetailCard title={t`Visualizações por sistema operacional`}>
      {rows.length === 0 ? none : <Bars rows={rows} label={t`Visualizações por sistema operacional`} />}
    </DetailCard>
  );
}

/** The top places of the audience (state and city), with the geo database's credits. */
function Places({ summary }: { summary: Summary }) {
  const { t, i18n } = useLingui();
  const label = useValueLabel();
  const [all, setAll] = useState(false);
  const places = summary.liveDetails.locations;
  const total = places.length;
  const shown = all ? places : places.slice(0, TOP_PLACES);
  const count = numberFormat(i18n.locale, { maximumFractionDigits: 0 });
  const place = (value: string | null | undefined) => (value ? label(value) : '—');
  return (
    <DetailCard title={t`Principais localidades`}>
      {places.length === 0 ? (
        none
      ) : (
        <div className={css.tableScroll}>
          <table className={css.table}>
            <thead>
              <tr>
                <th scope="col" className={css.cell}>
                  <Trans>Estado</Trans>
                </th>
                <th scope="col" className={css.cell}>
                  <Trans>Cidade</Trans>
                </th>
                <th scope="col" className={css.cell}>
                  <Trans>País</Trans>
                </th>
                <th scope="col" className={css.numberCell}>
                  <Trans>Visualizações</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((p) => (
                <tr key={`${p.country}-${p.state}-${p.city}`}>
                  <td className={css.cell}>{place(p.state)}</td>
                  <td className={css.cell}>{place(p.city)}</td>
                  <td className={css.cell}>{place(p.country)}</td>
                  <td className={css.numberCell}>{count.format(p.views)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {places.length > TOP_PLACES ? (
        <div>
          <Button variant="secondary" onClick={() => setAll(!all)} aria-expanded={all}>
            {all ? <Trans>Mostrar menos</Trans> : <Trans>Mostrar todas ({total})</Trans>}
          </Button>
        </div>
      ) : null}
      <Attributions items={summary.attributions} />
    </DetailCard>
  );
}

/** The live's signals as the ingest measures them, and when the current publish began. */
function Signals({ summary }: { summary: Summary }) {
  const { t, i18n } = useLingui();
  const number = numberFormat(i18n.locale, { maximumFractionDigits: 1 });
  const started = summary.signalStart ? shortDateTime(new Date(summary.signalStart), i18n.locale) : null;
  return (
    <DetailCard title={t`Sinais`}>
      <p className={layout.muted} data-testid="analytics-signal-start">
        {started ? <Trans>Sinal atual desde {started}</Trans> : <Trans>Nenhum sinal publicando agora</Trans>}
      </p>
      {summary.signals.length === 0 ? null : (
        <div className={css.tableScroll}>
          <table className={css.table}>
            <thead>
              <tr>
                <th scope="col" className={css.cell}>
                  <Trans>Sinal</Trans>
                </th>
                <th scope="col" className={css.cell}>
                  <Trans>Resolução</Trans>
                </th>
                <th scope="col" className={css.numberCell}>
                  FPS
                </th>
                <th scope="col" className={css.numberCell}>
                  <Trans>Taxa de bits</Trans>
                </th>
                <th scope="col" className={css.cell}>
                  <Trans>Saúde</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {summary.signals.map((s, i) => {
                const kbps = s.video_kbps == null ? null : s.video_kbps + (s.audio_kbps ?? 0);
                const health = s.saude ? HEALTH_LABELS[s.saude] : undefined;
                return (
                  <tr key={s.signal_id}>
                    <th scope="row" className={css.cell}>
                      {t`Sinal ${i + 1}`}
                    </th>
                    <td className={css.cell}>{s.width && s.height ? `${s.width}×${s.height}` : '—'}</td>
                    <td className={css.numberCell}>{s.fps == null ? '—' : number.format(s.fps)}</td>
                    <td className={css.numberCell}>
                      {kbps == null ? '—' : `${number.format(Math.round(kbps))} kbps`}
                    </td>
                    <td className={css.cell}>
                      {s.publicando === false ? t`Sem sinal` : health ? i18n._(health) : (s.saude ?? '—')}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </DetailCard>
  );
}

/** The blocks under the charts. */
export function SummaryDetails({ summary }: { summary: Summary }) {
  return (
    <div className={css.details}>
      <Places summary={summary} />
      <CdnUse summary={summary} />
      <Systems summary={summary} />
      <Signals summary={summary} />
    </div>
  );
}

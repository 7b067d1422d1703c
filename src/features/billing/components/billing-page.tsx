import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import * as layout from '@/components/ui/layout.css';
import { ListError, listQueryState } from '@/components/ui/list-error';
import { ProgressBar } from '@/components/ui/progress';
import { isStaff } from '@/lib/permissions';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import { type Usage, useUsage } from '../api/get-usage';
import { download, formatBytes, quotaPercent, usageCsv } from '../format';
import * as css from './billing.css';
import { METRIC_LABELS } from './labels';
import { StaffPanel } from './staff-panel';
import { StatementsSection } from './statements-section';

// uPlot comes with the charts, in their own chunk, only when a billing page opens.
const UsageCharts = lazy(() => import('./usage-charts'));

function UsageMeters({ usage }: { usage: Usage }) {
  const { t, i18n } = useLingui();
  const num = new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 2 });
  const price = new Intl.NumberFormat(i18n.locale, {
    style: 'currency',
    currency: usage.currency,
    maximumFractionDigits: 4,
  });
  const { totals, plan } = usage;
  const rows = [
    {
      key: 'storage',
      used: totals.storageGbMonths,
      quota: plan.quotas.storageGb,
      unit: plan.prices.storageGbMonth,
    },
    {
      key: 'encoded',
      used: totals.encodedMinutes,
      quota: plan.quotas.encodedMinutes,
      unit: plan.prices.encodedMinute,
    },
    { key: 'live', used: totals.liveMinutes, quota: plan.quotas.liveMinutes, unit: plan.prices.liveMinute },
    {
      key: 'delivered',
      used: totals.deliveredMinutes,
      quota: plan.quotas.deliveredMinutes,
      unit: plan.prices.deliveredMinute,
    },
  ] as const;
  return (
    <section className={layout.card} aria-label={t`Uso do mês`}>
      <h2 className={layout.cardTitle}>
        <Trans>Uso do mês</Trans>
      </h2>
      <p className={layout.muted}>
        <Trans>
          Plano {plan.name} · armazenamento agora: {formatBytes(usage.storageBytesNow, i18n.locale)}
        </Trans>
      </p>
      <div className={css.grid}>
        {rows.map((row) => {
          const label = i18n._(METRIC_LABELS[row.key]);
          const percent = quotaPercent(row.used, row.quota);
          return (
            <div key={row.key} className={css.meter} data-metric={row.key}>
              <div className={css.meterHead}>
                <span>{label}</span>
                <span className={css.figure}>
                  {num.format(row.used)} / {num.format(row.quota)}
                </span>
              </div>
              <ProgressBar
                value={percent}
                label={label}
                valueText={t`${num.format(percent)}% da cota`}
                tone={percent > 100 ? 'danger' : 'default'}
              />
              <span className={layout.muted}>
                <Trans>{price.format(row.unit)} por unidade além da cota</Trans>
              </span>
            </div>
          );
        })}
      </div>
      <div className={layout.actions}>
        <Button
          variant="secondary"
          onClick={() =>
            download(
              `uso-${usage.month}.csv`,
              usageCsv(usage.daily, [
                t`Dia`,
                i18n._(METRIC_LABELS.storage),
                i18n._(METRIC_LABELS.encoded),
                i18n._(METRIC_LABELS.live),
                i18n._(METRIC_LABELS.delivered),
              ]),
              'text/csv;charset=utf-8',
            )
          }
        >
          <Trans>Exportar CSV do mês</Trans>
        </Button>
      </div>
      <Suspense fallback={<p className={layout.muted}>{t`Carregando gráficos…`}</p>}>
        <UsageCharts days={usage.daily} />
      </Suspense>
    </section>
  );
}

/** /billing (showFinancial, docs/billing.md): plan, this month's usage against it, past statements. */
export function BillingPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Billing`);
  const { permissions } = useSession();
  const query = useUsage();
  return (
    <div className={layout.page}>
      <header className={layout.pageHeader}>
        <h1 className={layout.pageTitle}>
          <Trans>Billing</Trans>
        </h1>
      </header>
      <ListError {...listQueryState(query)} subject="data" />
      {query.data ? (
        <>
          {isStaff(permissions) ? <StaffPanel usage={query.data} /> : null}
          <UsageMeters usage={query.data} />
        </>
      ) : query.isError ? null : (
        <p className={layout.muted}>{t`Carregando…`}</p>
      )}
      <StatementsSection />
    </div>
  );
}

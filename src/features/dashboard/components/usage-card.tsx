import { Trans, useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import * as layout from '@/components/ui/layout.css';
import { ListError, listQueryState } from '@/components/ui/list-error';
import type { Usage } from '../api/get-usage';
import * as css from './dashboard.css';
import { DashboardCard } from './dashboard-card';

/** Storage held now and the month's usage against the plan (docs/billing.md); links to /billing. */
export function UsageCard({ query }: { query: UseQueryResult<Usage> }) {
  const { t, i18n } = useLingui();
  const n = (value: number, digits = 0) =>
    value.toLocaleString(i18n.locale, { maximumFractionDigits: digits });
  const u = query.data;
  const rows: [string, string][] = u
    ? [
        [t`Armazenamento agora`, `${n(u.storageBytesNow / 1e9, 2)} GB`],
        [
          t`Armazenamento no mês`,
          `${n(u.totals.storageGbMonths, 2)} / ${n(u.plan.quotas.storageGb)} ${t`GB-mês`}`,
        ],
        [t`Minutos codificados`, `${n(u.totals.encodedMinutes)} / ${n(u.plan.quotas.encodedMinutes)}`],
        [t`Minutos ao vivo`, `${n(u.totals.liveMinutes)} / ${n(u.plan.quotas.liveMinutes)}`],
        [t`Minutos entregues`, `${n(u.totals.deliveredMinutes)} / ${n(u.plan.quotas.deliveredMinutes)}`],
      ]
    : [];
  return (
    <DashboardCard id="dashboard-usage" title={<Trans>Armazenamento e uso do mês</Trans>}>
      <ListError {...listQueryState(query)} />
      {u ? (
        <dl className={css.figures}>
          {rows.map(([label, value]) => (
            <div key={label} className={css.figureRow}>
              <dt>{label}</dt>
              <dd className={css.figureValue}>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <Link to="/billing" className={layout.link}>
        <Trans>Ver faturamento</Trans>
      </Link>
    </DashboardCard>
  );
}

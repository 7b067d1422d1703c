import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import * as layout from '@/components/ui/layout.css';
import { ListError, listQueryState } from '@/components/ui/list-error';
import { useOnline } from '@/lib/use-online';
import { type Statement, useStatements } from '../api/get-statements';
import { download, statementCsv } from '../format';
import * as css from './billing.css';
import { METRIC_LABELS } from './labels';

/** Past months as statements: line items, a CSV export and a printable view of each. */
export function StatementsSection() {
  const { t, i18n } = useLingui();
  const query = useStatements();
  const online = useOnline();
  const [printing, setPrinting] = useState<string | null>(null);

  useEffect(() => {
    if (!printing) return;
    document.body.setAttribute(css.PRINT_ATTRIBUTE, '');
    const done = () => setPrinting(null);
    window.addEventListener('afterprint', done);
    window.print();
    return () => {
      window.removeEventListener('afterprint', done);
      document.body.removeAttribute(css.PRINT_ATTRIBUTE);
    };
  }, [printing]);

  // Saved statements stay on screen when they cannot be read again; offline, the page's bar above the
  // usage already says when the data is from.
  const state = <ListError {...listQueryState(query)} subject="data" />;
  if (!query.data) return query.isError ? state : <p className={layout.muted}>{t`Carregando…`}</p>;
  const { currency, months } = query.data;
  const money = new Intl.NumberFormat(i18n.locale, { style: 'currency', currency });
  const num = new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 4 });
  const price = new Intl.NumberFormat(i18n.locale, { style: 'currency', currency, maximumFractionDigits: 4 });
  const monthName = (month: string) =>
    new Intl.DateTimeFormat(i18n.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${month}-01T00:00:00Z`),
    );

  const exportCsv = (s: Statement) =>
    download(
      `extrato-${s.month}.csv`,
      statementCsv(s, {
        header: [
          t`Mês`,
          t`Item`,
          t`Usado`,
          t`Incluído`,
          t`Excedente`,
          t`Preço unitário`,
          t`Valor (${currency})`,
        ],
        metric: {
          storage: i18n._(METRIC_LABELS.storage),
          encoded: i18n._(METRIC_LABELS.encoded),
          live: i18n._(METRIC_LABELS.live),
          delivered: i18n._(METRIC_LABELS.delivered),
        },
        total: t`Total`,
      }),
      'text/csv;charset=utf-8',
    );

  return (
    <section className={layout.card} aria-label={t`Extratos`}>
      <h2 className={layout.cardTitle}>
        <Trans>Extratos</Trans>
      </h2>
      {online ? state : null}
      {months.length === 0 ? (
        <p className={layout.muted}>
          <Trans>Nenhum mês fechado ainda.</Trans>
        </p>
      ) : null}
      {months.map((s) => (
        <article
          key={s.month}
          className={css.statement}
          aria-label={monthName(s.month)}
          data-month={s.month}
          {...(printing === s.month ? { 'data-print-area': '' } : {})}
        >
          <div className={css.statementHead}>
            <h3 className={css.chartTitle}>{monthName(s.month)}</h3>
            <div className={layout.actions} data-print-hide="">
              <Button variant="secondary" onClick={() => exportCsv(s)}>
                <Trans>Exportar CSV</Trans>
              </Button>
              <Button variant="secondary" onClick={() => setPrinting(s.month)}>
                <Trans>Imprimir</Trans>
              </Button>
            </div>
          </div>
          <table className={css.fullTable}>
            <thead>
              <tr>
                <th className={css.cell}>{t`Item`}</th>
                <th className={`${css.cell} ${css.number}`}>{t`Usado`}</th>
                <th className={`${css.cell} ${css.number}`}>{t`Incluído`}</th>
                <th className={`${css.cell} ${css.number}`}>{t`Excedente`}</th>
                <th className={`${css.cell} ${css.number}`}>{t`Preço unitário`}</th>
                <th className={`${css.cell} ${css.number}`}>{t`Valor`}</th>
              </tr>
            </thead>
            <tbody>
              {s.items.map((item) => (
                <tr key={item.metric}>
                  <td className={css.cell}>{i18n._(METRIC_LABELS[item.metric])}</td>
                  <td className={`${css.cell} ${css.number}`}>{num.format(item.quantity)}</td>
                  <td className={`${css.cell} ${css.number}`}>{num.format(item.included)}</td>
                  <td className={`${css.cell} ${css.number}`}>{num.format(item.billable)}</td>
                  <td className={`${css.cell} ${css.number}`}>{price.format(item.unitPrice)}</td>
                  <td className={`${css.cell} ${css.number}`}>{money.format(item.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th className={css.cell} colSpan={5}>
                  {t`Total`}
                </th>
                <td className={`${css.cell} ${css.number} ${css.figure}`}>{money.format(s.total)}</td>
              </tr>
            </tfoot>
          </table>
        </article>
      ))}
    </section>
  );
}

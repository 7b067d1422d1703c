import { Trans, useLingui } from '@lingui/react/macro';
import type { Temporal } from 'temporal-polyfill';
import type { DateRange } from '@/components/ui/date-range';
import { DateRangePicker } from '@/components/ui/date-range-picker';
import { Select } from '@/components/ui/select';
import type { ClientAccount } from '../api/list-client-accounts';
import type { Client } from '../api/list-clients';
import * as css from './records.css';

const ALL = 'all';

export interface FilterPatch {
  clientId?: string;
  accountId?: string;
  range?: DateRange;
}

export interface RecordsFiltersProps {
  /** Staff pick a client (SPEC §6: client search in the log filter). */
  staff: boolean;
  clients: readonly Client[] | undefined;
  clientId: string | undefined;
  /** The team select shows only with gerenciarTimes, a client and teams (SPEC §5). */
  teams: readonly ClientAccount[] | undefined;
  showTeams: boolean;
  accountId: string | undefined;
  range: DateRange;
  today: Temporal.PlainDate;
  onChange: (patch: FilterPatch) => void;
}

/** Client (staff), team and date-range filters; every change applies at once. */
export function RecordsFilters({
  staff,
  clients,
  clientId,
  teams,
  showTeams,
  accountId,
  range,
  today,
  onChange,
}: RecordsFiltersProps) {
  const { t, i18n } = useLingui();
  const clientOptions = [
    { value: ALL, label: t`Todos os clientes` },
    ...(clients ?? []).map((c) => ({ value: c.conta_id, label: c.nome_cliente })),
  ];
  const teamOptions = [
    // Staff may look at every team of a client; anyone else always looks at one of theirs.
    ...(staff ? [{ value: ALL, label: t`Todos os times` }] : []),
    ...(teams ?? []).map((a) => ({ value: a.accountId, label: a.name })),
  ];
  return (
    <div className={css.filters}>
      {staff || showTeams ? (
        <div className={css.filterSelects}>
          {staff ? (
            <Select
              name="clientId"
              label={<Trans>Cliente</Trans>}
              options={clientOptions}
              value={clientId ?? ALL}
              onValueChange={(v) => onChange({ clientId: v === ALL ? undefined : v, accountId: undefined })}
            />
          ) : null}
          {showTeams ? (
            <Select
              name="accountId"
              label={<Trans>Time</Trans>}
              options={teamOptions}
              value={accountId ?? ALL}
              onValueChange={(v) => onChange({ accountId: v === ALL ? undefined : v })}
            />
          ) : null}
        </div>
      ) : null}
      <DateRangePicker
        label={<Trans>Período</Trans>}
        value={range}
        today={today}
        locale={i18n.locale}
        onChange={(next) => onChange({ range: next })}
      />
    </div>
  );
}

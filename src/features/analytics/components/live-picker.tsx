import { useLingui } from '@lingui/react/macro';
import { Select } from '@/components/ui/select';
import { shortDateTime } from '@/lib/intl';
import type { AnalyticsLive } from '../api/list-lives';
import * as css from './analytics.css';
import { STATUS_LABELS } from './labels';

/** The live whose figures the page shows (GET /v1/analytics/lives: on air first, then the newest).
 * `current` names a chosen live the list does not hold (older than the list's 50). */
export function LivePicker({
  lives,
  value,
  current,
  onChange,
}: {
  lives: readonly AnalyticsLive[];
  value: string | undefined;
  current?: { id: string; titulo: string };
  onChange: (liveId: string) => void;
}) {
  const { t, i18n } = useLingui();
  const options = lives.map((live) => {
    const date = live.data ? ` · ${shortDateTime(new Date(live.data), i18n.locale)}` : '';
    return { value: live.id, label: `${live.titulo} (${i18n._(STATUS_LABELS[live.status])})${date}` };
  });
  if (current && !lives.some((l) => l.id === current.id))
    options.unshift({ value: current.id, label: current.titulo });
  return (
    <Select
      name="live"
      label={t`Transmissão`}
      hideLabel
      className={css.picker}
      options={options}
      value={value ?? ''}
      placeholder={t`Escolha uma transmissão`}
      disabled={options.length === 0}
      onValueChange={onChange}
    />
  );
}

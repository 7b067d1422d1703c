import type { StreamStatus } from '@contract/streams';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import * as lists from '@/components/ui/list.css';
import * as css from './status.css';

export const STATUS_LABELS: Record<StreamStatus, MessageDescriptor> = {
  scheduled: msg`Agendada`,
  live: msg`Ao vivo`,
  paused: msg`Pausada`,
  finished: msg`Encerrada`,
};

/** The status as a coloured pill with its word (never colour alone). */
export function StatusBadge({ status }: { status: StreamStatus }) {
  const { i18n } = useLingui();
  return (
    <span className={css.badge[status]} data-status={status}>
      <span className={lists.statusDot} aria-hidden="true" />
      {i18n._(STATUS_LABELS[status])}
    </span>
  );
}

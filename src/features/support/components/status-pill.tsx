import { useLingui } from '@lingui/react/macro';
import * as lists from '@/components/ui/list.css';
import { LIVE_STATUS_LABELS, labelOf, statusTone, VIEW_STATUS_LABELS } from '../lib/labels';
import * as css from './support.css';

/** A view's status as a pill with its word (never colour alone). */
export function ViewStatus({ status }: { status: string }) {
  const { i18n } = useLingui();
  return (
    <span className={css.status[statusTone(status)]} data-status={status} data-testid="support-view-status">
      <span className={lists.statusDot} aria-hidden="true" />
      {labelOf(i18n, VIEW_STATUS_LABELS, status)}
    </span>
  );
}

/** The live's status, in the live streams' words. */
export function LiveStatus({ status }: { status: string }) {
  const { i18n } = useLingui();
  const tone = status === 'live' ? 'bad' : status === 'paused' ? 'warn' : 'plain';
  return (
    <span className={css.status[tone]} data-status={status}>
      <span className={lists.statusDot} aria-hidden="true" />
      {labelOf(i18n, LIVE_STATUS_LABELS, status)}
    </span>
  );
}

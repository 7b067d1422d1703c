import type { RealtimeEvent } from '@/lib/realtime/events';
import { parsePush } from './push';
import type { SeriesAction } from './series-store';

/** A push for the live's figures is followed at most this often: the pushes carry the series, not the
 * totals (peak, views, watch time), nor the signals. */
export const SUMMARY_PUSH_REFRESH_MS = 30_000;
/** A publish that started or ended is read this soon (the summary may lag the event by a moment). */
export const SIGNAL_CHANGE_REFRESH_MS = 5_000;

/** What an account event means for the open live's series: an action for the store, 'refresh' (read
 * everything again: events were lost), or nothing. `windowed` is undefined while the live's status is
 * not known: a push then means it is on air. */
export function seriesEventAction(
  event: RealtimeEvent,
  liveId: string,
  windowed: boolean | undefined,
): SeriesAction | 'refresh' | null {
  if (event.evento === 'replay_incompleto') return 'refresh';
  if (event.evento !== 'analytics' || event.live_id !== liveId) return null;
  const push = parsePush(event);
  return push ? { type: 'series/pushed', push, windowed: windowed ?? true } : null;
}

/** What an account event means for the open live's summary: read it again when older than the
 * returned age ('now': at once, whatever its age; null: not at all). */
export function summaryEventRefresh(
  event: RealtimeEvent,
  liveId: string,
  signals: readonly { signal_id: string; publicando?: boolean }[] | undefined,
): number | 'now' | null {
  if (event.evento === 'replay_incompleto') return 'now';
  if (!('live_id' in event) || event.live_id !== liveId) return null;
  if (event.evento === 'live_status') return 'now';
  if (event.evento === 'analytics') return SUMMARY_PUSH_REFRESH_MS;
  if (event.evento === 'sinal_saude') {
    const known = signals?.find((s) => s.signal_id === event.signal_id);
    const changed = known?.publicando !== undefined && known.publicando !== event.publicando;
    return changed ? SIGNAL_CHANGE_REFRESH_MS : SUMMARY_PUSH_REFRESH_MS;
  }
  return null;
}

import type { StreamStatus } from './status';

/** "Scheduled soon" on the monitoring wall: a scheduled live whose time is within the next 12 hours,
 * or has come in the last 12 hours without it starting (it may start any moment: auto start, or an
 * operator late). Further out it is planning, not monitoring. */
export const WALL_SOON_MS = 12 * 60 * 60 * 1000;

interface WallStream {
  status: StreamStatus;
  scheduledStartTime: string;
}

/** Whether a live belongs on the wall now: publishing or paused, or scheduled soon. */
export function onWall(stream: WallStream, now: number): boolean {
  if (stream.status === 'live' || stream.status === 'paused') return true;
  if (stream.status !== 'scheduled') return false;
  const at = Date.parse(stream.scheduledStartTime);
  return Number.isFinite(at) && Math.abs(at - now) <= WALL_SOON_MS;
}

const ORDER: Record<StreamStatus, number> = { live: 0, paused: 1, scheduled: 2, finished: 3 };

/** Live first, then paused, then scheduled by time; the wall keeps a stable order between reads. */
export function wallOrder<T extends WallStream & { nome: string }>(streams: readonly T[]): T[] {
  return [...streams].sort(
    (a, b) =>
      ORDER[a.status] - ORDER[b.status] ||
      Date.parse(a.scheduledStartTime) - Date.parse(b.scheduledStartTime) ||
      a.nome.localeCompare(b.nome),
  );
}

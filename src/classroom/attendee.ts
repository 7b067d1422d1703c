/** Who is watching: kept in localStorage after registration; the view page needs one, logout clears it. */
export interface Attendee {
  name: string;
  email: string;
  liveId: string;
  /** The registration's chat token: the chat takes messages with it (absent: registered before it). */
  chatToken?: string;
}

export const ATTENDEE_KEY = 'palco-classroom-attendee';

export function readAttendee(storage: Pick<Storage, 'getItem'>): Attendee | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(ATTENDEE_KEY) ?? 'null');
    if (!value || typeof value !== 'object') return null;
    const { name, email, liveId, chatToken } = value as Record<string, unknown>;
    if (typeof name !== 'string' || typeof email !== 'string' || typeof liveId !== 'string') return null;
    return typeof chatToken === 'string' ? { name, email, liveId, chatToken } : { name, email, liveId };
  } catch {
    return null;
  }
}

export function saveAttendee(storage: Pick<Storage, 'setItem'>, attendee: Attendee): void {
  storage.setItem(ATTENDEE_KEY, JSON.stringify(attendee));
}

export function clearAttendee(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(ATTENDEE_KEY);
}

/** The class a page is about (`?liveId=`), when it is a well-formed id. */
export function liveIdOf(search: string): string | null {
  const id = new URLSearchParams(search).get('liveId');
  return id && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
    ? id.toLowerCase()
    : null;
}

export const registerUrl = (liveId: string | null) =>
  `/classroom/register${liveId ? `?liveId=${encodeURIComponent(liveId)}` : ''}`;
export const viewUrl = (liveId: string) => `/classroom?liveId=${encodeURIComponent(liveId)}`;

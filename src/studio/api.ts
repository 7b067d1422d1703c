/** The studio's calls (docs/studio.md "Studio page and guests"). The presenter's calls carry the console's
 * session (same origin, the console's storage key); a guest's carry its guest session secret. */

import type { StudioSettings as StreamStudioSettings } from '@contract/streams';

/** The console's persisted session (src/lib/session.ts AUTH_STORAGE_KEY), read without the console's code. */
const AUTH_STORAGE_KEY = 'v706-demo1-auth';

export interface ConsoleSession {
  token: string;
  accountId: string | null;
  /** The user's name, for the presenter's tile. */
  name: string;
}

/** The signed-in console user of this browser, or null (none, or its token has expired). */
export function consoleSession(storage: Storage): ConsoleSession | null {
  try {
    const raw = JSON.parse(storage.getItem(AUTH_STORAGE_KEY) ?? 'null') as {
      authToken?: unknown;
      user?: { selectedTeamId?: unknown; nome?: unknown } | null;
    } | null;
    const token = typeof raw?.authToken === 'string' ? raw.authToken : null;
    if (!token) return null;
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: number;
    };
    if (typeof payload.exp === 'number' && payload.exp * 1000 <= Date.now()) return null;
    const team = raw?.user?.selectedTeamId;
    const name = raw?.user?.nome;
    return {
      token,
      accountId: typeof team === 'string' ? team : null,
      name: typeof name === 'string' ? name : '',
    };
  } catch {
    return null;
  }
}

/** A refused call: the server's message (in the page's language), or a network failure (status 0). */
export class StudioError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function language(): string {
  return document.documentElement.lang || 'pt-BR';
}

export async function request<T>(
  path: string,
  init: { method?: string; body?: unknown; bearer?: string | null; sdp?: string } = {},
): Promise<{ data: T; location: string | null }> {
  const headers: Record<string, string> = { 'accept-language': language() };
  if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
  let body: string | undefined;
  if (init.sdp !== undefined) {
    headers['content-type'] = 'application/sdp';
    body = init.sdp;
  } else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  let res: Response;
  try {
    res = await fetch(path, { method: init.method ?? 'GET', headers, body });
  } catch {
    throw new StudioError(0, '');
  }
  const text = await res.text();
  if (!res.ok) {
    let message = '';
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? '';
    } catch {}
    throw new StudioError(res.status, message);
  }
  const json = (res.headers.get('content-type') ?? '').includes('json');
  return { data: (json && text ? JSON.parse(text) : text) as T, location: res.headers.get('location') };
}

/** A presenter's call: the session's token and team. */
export function teamPath(session: ConsoleSession, path: string): string {
  if (!session.accountId) return path;
  return `${path}${path.includes('?') ? '&' : '?'}accountId=${encodeURIComponent(session.accountId)}`;
}

/** The stream's studio settings (contract/streams.ts) with its background image's URL. */
export interface StudioSettings extends StreamStudioSettings {
  background: string | null;
}

export interface StudioStream {
  id: string;
  nome: string;
  status: 'scheduled' | 'live' | 'paused' | 'finished';
  type: 'studio' | 'encoder';
  signals: { id: string; nome: string; key?: string | null }[];
  studio: StudioSettings;
}

export interface Guest {
  id: string;
  name: string;
  email: string;
  status: 'waiting' | 'admitted' | 'removed';
  /** On the stage with its camera's publish up (the server's view). */
  publishing?: boolean;
}

export interface StudioLook {
  liveId: string;
  title: string;
  status: string;
  studioColor: string;
  waitingRoomColor: string;
  background: string | null;
  chat: boolean;
}

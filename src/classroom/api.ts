/** The classroom's public calls (docs/classroom.md); no session, no cookies. */

export interface Speaker {
  uuid: string;
  name: string;
  role: string | null;
  avatar: string | null;
}

export interface ClassroomInfo {
  liveId: string;
  title: string;
  status: string;
  /** The class has ended. */
  finished: boolean;
  schedule_date: string;
  description: string | null;
  /** The classroom's cover. */
  schedule_image: string | null;
  /** Behind the viewing page. */
  background: string | null;
  /** Behind the registration. */
  background_login: string | null;
  speakers: Speaker[];
  agenda: { time: string; title: string }[];
  /** A finished class's recording, once ready: its public VOD player. */
  recording: { videoId: string; embedUrl: string } | null;
  /** The recording is being processed: `recording` follows once it is ready. */
  recordingPending: boolean;
}

export interface ChatMessage {
  id: string;
  author: string;
  text: string;
  at: string;
  /** Sent by the live's host from the studio. */
  host?: boolean;
}

/** A refused call: the server's message (already in the viewer's language) and status. */
export class CallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, {
    ...init,
    credentials: 'omit',
    headers: {
      accept: 'application/json',
      'accept-language': document.documentElement.lang,
      ...init.headers,
    },
  });
  if (res.status === 204) return undefined as T;
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  if (!res.ok) throw new CallError(res.status, body?.message ?? res.statusText);
  return body as T;
}

const json = (body: object): RequestInit => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});

/** `fresh`: past the browser's cache (the answer is cached for 30 s), for a page that asks again. */
export const getClassroom = (liveId: string, fresh = false) =>
  call<ClassroomInfo>(`/bff/classroom/${encodeURIComponent(liveId)}`, fresh ? { cache: 'no-cache' } : {});

/** A registration's answer: the chat token, or — the e-mail being registered for the class already — a
 * code mailed to it, to send back with the registration (docs/classroom.md "Registering an e-mail again"). */
export type Registration = { chatToken: string } | { codeSent: true; expiresInMinutes: number };

export const registerAttendee = (body: { name: string; email: string; liveId: string; code?: string }) =>
  call<Registration>('/v1/studio/lives/participantes', json({ ...body, clientId: null }));

export const readChat = (liveId: string, after: string | null, signal?: AbortSignal) =>
  call<{ messages: ChatMessage[]; last: string | null }>(
    `/v1/public/classroom/${encodeURIComponent(liveId)}/chat${after ? `?after=${after}&wait=true` : ''}`,
    signal ? { signal } : {},
  );

export const sendChat = (liveId: string, body: { token: string; text: string }) =>
  call<ChatMessage>(`/v1/public/classroom/${encodeURIComponent(liveId)}/chat`, json(body));

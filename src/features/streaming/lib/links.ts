/** Where a stream is watched and made. The player is this server's own embed page
 * (`${apiUrl}/embed/{liveId}`, apiUrl = PUBLIC_URL from GET /bff/config); the spectator room is the
 * console's classroom. The browser studio (streaming room, guest link) is a separate app: its host is
 * set at build time with VITE_STUDIO_HOST, and without one the console offers no studio link (a studio
 * stream is then fed by an encoder, like any other; docs/routes.md). The RTMP server encoders publish
 * to comes from the API (GET /bff/config `ingestUrl`, api/ingest.ts). */
const env = import.meta.env as Record<string, string | undefined>;

export const STUDIO_HOST: string | null = env.VITE_STUDIO_HOST?.trim().replace(/\/+$/, '') || null;

const enc = encodeURIComponent;

/** The embeddable player of a stream, on the API server's public address. */
export const playerUrl = (apiUrl: string, liveId: string) =>
  `${apiUrl.replace(/\/+$/, '')}/embed/${enc(liveId)}`;

/** SPEC §2.7 'Copy iframe link': the snippet a site pastes to show the stream (16:9, responsive). */
export function iframeSnippet(apiUrl: string, liveId: string, title: string): string {
  const safeTitle = title.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${playerUrl(apiUrl, liveId)}" title="${safeTitle}" style="width:100%;aspect-ratio:16/9;border:0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`;
}

/** The spectator room: the classroom page of SPEC §2.8 (viewers register, then watch). */
export const spectatorUrl = (origin: string, liveId: string) =>
  `${origin}/classroom/register?liveId=${enc(liveId)}`;

/** The studio (streaming room) for the host, and the link a guest joins with; null without a studio. */
export const studioUrl = (liveId: string, host = STUDIO_HOST) =>
  host ? `${host}/room/${enc(liveId)}` : null;
export const guestUrl = (liveId: string, host = STUDIO_HOST) =>
  host ? `${host}/room/${enc(liveId)}/guest` : null;

/** SPEC §2.3 "signal 1 uses playlist a, any other signal uses playlist b": each signal plays its own
 * live playlist (the one the server's ingest writes while an encoder publishes to that signal's key).
 * This call answers its signed URL (docs/api-streams.md "Preview"). */
export const previewPath = (liveId: string, signalId: string) =>
  `/v1/live-streams/${enc(liveId)}/signals/${enc(signalId)}/preview`;

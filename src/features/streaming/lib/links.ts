/** Hosts of the companion apps a stream is used through (set at build time; the defaults are
 * placeholders, like lib/external-links.ts). The spectator room is the console's own classroom. The
 * RTMP server encoders publish to comes from the API (GET /bff/config `ingestUrl`, api/ingest.ts). */
const env = import.meta.env as Record<string, string | undefined>;

export const STUDIO_HOST: string = env.VITE_STUDIO_HOST || 'https://studio.palco.example';
export const PLAYER_HOST: string = env.VITE_PLAYER_HOST || 'https://player.palco.example';

const enc = encodeURIComponent;

/** The embeddable player of a stream. */
export const playerUrl = (liveId: string) => `${PLAYER_HOST}/embed/${enc(liveId)}`;

/** SPEC §2.7 'Copy iframe link': the snippet a site pastes to show the stream (16:9, responsive). */
export function iframeSnippet(liveId: string, title: string): string {
  const safeTitle = title.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${playerUrl(liveId)}" title="${safeTitle}" style="width:100%;aspect-ratio:16/9;border:0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`;
}

/** The spectator room: the classroom page of SPEC §2.8 (viewers register, then watch). */
export const spectatorUrl = (origin: string, liveId: string) =>
  `${origin}/classroom/register?liveId=${enc(liveId)}`;

/** The studio (streaming room) for the host, and the link a guest joins with. */
export const studioUrl = (liveId: string) => `${STUDIO_HOST}/room/${enc(liveId)}`;
export const guestUrl = (liveId: string) => `${STUDIO_HOST}/room/${enc(liveId)}/guest`;

/** SPEC §2.3 "signal 1 uses playlist a, any other signal uses playlist b": each signal plays its own
 * live playlist (the one the server's ingest writes while an encoder publishes to that signal's key).
 * This call answers its signed URL (docs/api-streams.md "Preview"). */
export const previewPath = (liveId: string, signalId: string) =>
  `/v1/live-streams/${enc(liveId)}/signals/${enc(signalId)}/preview`;

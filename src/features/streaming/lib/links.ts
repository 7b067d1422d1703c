/** Hosts of the companion apps a stream is used through (set at build time; the defaults are
 * placeholders, like lib/external-links.ts). The spectator room is the console's own classroom. */
const env = import.meta.env as Record<string, string | undefined>;

export const STUDIO_HOST: string = env.VITE_STUDIO_HOST || 'https://studio.palco.example';
export const PLAYER_HOST: string = env.VITE_PLAYER_HOST || 'https://player.palco.example';
export const INGEST_URL: string = env.VITE_INGEST_URL || 'rtmp://ingest.palco.example/live';
/** SPEC §2.3: the preview plays playlist a for the first signal and playlist b for any other. There is
 * no media ingest behind this console, so by default these answer nothing and the player says so. */
export const PREVIEW_PLAYLISTS = {
  a: env.VITE_PREVIEW_PLAYLIST_A || '/live-preview/a.m3u8',
  b: env.VITE_PREVIEW_PLAYLIST_B || '/live-preview/b.m3u8',
} as const;

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

/** Signal 1 → playlist a, any other → playlist b. `index` is 0-based. */
export const previewPlaylist = (index: number) => (index === 0 ? PREVIEW_PLAYLISTS.a : PREVIEW_PLAYLISTS.b);

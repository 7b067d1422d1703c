/** The embed player's addresses, for a live and for a library video alike (docs/playback.md "Embed
 * links"): this server's own embed page on its public address (PUBLIC_URL, GET /bff/config `apiUrl`),
 * `/embed/{liveId}` or `/embed/vod/{videoId}` (src/embed/route.ts reads them back). */

const enc = encodeURIComponent;
const base = (apiUrl: string) => apiUrl.replace(/\/+$/, '');

/** The embeddable player of a live. */
export const livePlayerUrl = (apiUrl: string, liveId: string) => `${base(apiUrl)}/embed/${enc(liveId)}`;

/** The embeddable player of a library video. */
export const vodPlayerUrl = (apiUrl: string, videoId: string) => `${base(apiUrl)}/embed/vod/${enc(videoId)}`;

/** SPEC §2.7 'Copy iframe link': the snippet a site pastes to show a player (16:9, responsive). */
export function iframeSnippet(playerUrl: string, title: string): string {
  const safeTitle = title.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${playerUrl}" title="${safeTitle}" style="width:100%;aspect-ratio:16/9;border:0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`;
}

/** Where a stream is watched and made. The player is this server's own embed page
 * (`${apiUrl}/embed/{liveId}`, apiUrl = PUBLIC_URL from GET /bff/config); the spectator room is the
 * viewers' page of the live (the classroom). The browser studio (streaming room) is this server's own
 * page, `/studio/{liveId}`; its guest link is made by the server (a signed token, api/guest-link.ts;
 * docs/studio.md). The RTMP server encoders publish to comes from the API (GET /bff/config `ingestUrl`,
 * api/ingest.ts). */

import { livePlayerUrl, iframeSnippet as snippet } from '@/lib/embed-links';

const enc = encodeURIComponent;

/** The embeddable player of a stream, on the API server's public address. */
export const playerUrl = livePlayerUrl;

/** SPEC §2.7 'Copy iframe link': the snippet a site pastes to show the stream (16:9, responsive). */
export const iframeSnippet = (apiUrl: string, liveId: string, title: string): string =>
  snippet(livePlayerUrl(apiUrl, liveId), title);

/** The spectator room: the viewers' page of the live, the classroom of SPEC §2.8 (an attendee not yet
 * registered there is taken to its registration first). */
export const spectatorUrl = (origin: string, liveId: string) => `${origin}/classroom?liveId=${enc(liveId)}`;

/** The studio (streaming room) where the presenter goes live from the browser. */
export const studioUrl = (origin: string, liveId: string) => `${origin}/studio/${enc(liveId)}`;
/** A guest link as the server answers it (`path`, /studio/{liveId}/guest?t=…) on this origin. */
export const guestUrl = (origin: string, path: string) => `${origin}${path}`;

/** SPEC §2.3 "signal 1 uses playlist a, any other signal uses playlist b": each signal plays its own
 * live playlist (the one the server's ingest writes while an encoder publishes to that signal's key).
 * This call answers its signed URL (docs/api-streams.md "Preview"). */
export const previewPath = (liveId: string, signalId: string) =>
  `/v1/live-streams/${enc(liveId)}/signals/${enc(signalId)}/preview`;

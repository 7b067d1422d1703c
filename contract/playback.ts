/** The viewer contract (docs/playback.md): the playback endpoint's answer and an overlay, as the embed
 * player reads them (src/embed) and the server answers them (server/src/routes/playback, a type check in
 * server/src/routes/playback/schemas.ts keeps its TypeBox schema assignable to these). */

export interface Overlay {
  id: string;
  kind: 'image' | 'text';
  text: string | null; // kind text
  imageUrl: string | null; // kind image (public URL)
  position: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right' | 'center';
  widthPercent: number; // 5..100, of the player width
  color: string | null; // text colour '#rrggbb'
}

export interface PlaybackInfo {
  kind: 'live' | 'vod';
  id: string; // liveId or videoId
  accountId: string;
  title: string;
  status: 'scheduled' | 'live' | 'paused' | 'finished' | 'ready'; // 'ready' for VOD
  scheduledStartTime: string | null; // ISO, lives only
  playerColor: string; // '#rrggbb' (stream's colour; VOD: the account default)
  latency: 'default' | 'low' | 'ultraLow' | null;
  dvr: { enabled: boolean; windowSeconds: number };
  audioOnly: boolean; // an audio-only rendition is in the ladder
  banners: {
    thumbnail: string | null;
    startSoonScreen: string | null;
    pauseScreen: string | null;
    endingScreen: string | null;
  }; // absolute or root-relative URLs
  manifestUrl: string | null; // signed; null when there is nothing to play (not on air, etc.)
  manifestType: 'hls' | 'dash' | null;
  /** A WHEP endpoint (signed, root-relative) when the live can be played over WebRTC: published over
   * WHIP, in the ultra-low latency mode, on air. The player POSTs its SDP offer there and falls back to
   * `manifestUrl` (always given with it) when WebRTC fails or the server answers 503 (its WHEP viewer
   * limit). Optional: an older server's answer has none. */
  whepUrl?: string | null;
  recordingVideoId: string | null; // finished live whose live-to-VOD video is ready
  subtitles: { lang: string; label: string; url: string }[]; // VOD; signed URLs
  ads: { preRollVastUrl: string | null; postRollVastUrl: string | null };
  analyticsMeasurementId: string | null;
  viewerId: string; // this viewer's anti-piracy ID (short, e.g. 8 chars A-Z0-9), stable per playback session
  sessionId: string; // signed playback-session id for beacons (opaque to the player)
  expiresAt: string; // ISO; the player asks again before this
  overlays: Overlay[];
  channelUrl: string | null; // '/v1/public/lives/{liveId}/channel' for lives, null for VOD
  beaconUrl: string; // '/v1/public/beacons'
  /** Where this playback session likes the video (`POST`/`DELETE` of `{sessionId}`, 204): a VOD's
   * '/v1/public/videos/{id}/likes', null for a live (docs/analytics.md "Likes in the player"). Optional: an
   * older server's answer has none, and the player then offers no like button. A like counts only once the
   * player loaded `manifestUrl` (403 before), and one address's presses are bounded (429, docs/analytics.md
   * "Likes in the player"). */
  likeUrl?: string | null;
  /** How the player configures itself for a live (null for VOD). */
  latencyTargets: { segmentSeconds: number; liveDelaySeconds: number; lowLatencyMode: boolean } | null;
}

/** The playback endpoint's error body: the server's usual shape plus the reason. */
export interface PlaybackError {
  statusCode: number;
  error: string;
  message: string;
  reason: 'not_found' | 'geo_blocked' | 'domain_not_allowed' | 'invalid_link';
}

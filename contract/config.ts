/* What the console reads before signing in (`GET /bff/config`, public; docs/api-videos.md) as JSON on the
 * wire. The server's TypeBox schema (server/src/routes/videos/public.ts) is checked equal to it, the
 * console's struct (src/lib/server-config.ts) checked against it (src/lib/__tests__/contract-config.test.ts).
 * Plain types only: nothing here imports. */

/** `GET /bff/config`. */
export interface ConsoleConfig {
  uploadUrl: string; // the upload host (SPEC §9): chunked mode when it differs from apiUrl
  apiUrl: string; // the standard API host (PUBLIC_URL)
  productName: string;
  version: string;
  ingestUrl: string | null; // rtmp://host:port/live; null when the server has no ingest
  whipUrl: string | null; // the WHIP endpoint (RFC 9725); null when the server has no ingest
  autoSubtitleLanguages: string[]; // primary language subtags; empty: no speech recognition
}

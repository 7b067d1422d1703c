import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { IntegrationConnectionRow, IntegrationImportRow } from '../db/tables/integrations.ts';
import type { Identity } from './connect.ts';
import { ProviderError, requestJson, str } from './http.ts';
import type { OAuthClient } from './oauth.ts';
import type { ImportItem, ImportSource } from './service.ts';

/**
 * Zoom (docs/integrations.md "Zoom"): a user-managed OAuth app. The same app serves the single and
 * the multi-account cards (one redirect URI); a connection is one Zoom user, whose cloud recordings
 * (`GET /users/me/recordings`) are imported; its deauthorization notification, signed with the app's
 * secret token, marks it deauthorized.
 */

/** Days of recordings a look asks for (Zoom answers at most a month per request). */
export const ZOOM_LOOKBACK_DAYS = 30;
/** Pages of 300 meetings read per look. */
const MAX_PAGES = 10;
/** A notification older (or newer) than this is refused: a captured one cannot be replayed later. */
export const ZOOM_WEBHOOK_TOLERANCE_S = 300;

export function zoomClient(app: FastifyInstance, provider: 'zoom' | 'zoom-multi'): OAuthClient | null {
  const { zoom } = app.config.integrations;
  if (!zoom.clientId || !zoom.clientSecret) return null;
  return {
    provider,
    clientId: zoom.clientId,
    clientSecret: zoom.clientSecret,
    authorizeUrl: zoom.authorizeUrl,
    tokenUrl: zoom.tokenUrl,
    revokeUrl: zoom.revokeUrl,
    redirectUri: `${app.config.publicUrl}/bff/zoom/oauth/callback`,
    // Zoom grants the scopes set on the app (docs/integrations.md lists them).
    scopes: [],
    pkce: true,
    clientAuth: 'basic',
  };
}

/** The Zoom user the tokens belong to (`GET /users/me`). */
export async function zoomIdentity(app: FastifyInstance, accessToken: string): Promise<Identity> {
  const { zoom, httpTimeoutMs } = app.config.integrations;
  const { body } = await requestJson(`${zoom.apiUrl}/users/me`, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    timeoutMs: httpTimeoutMs,
  });
  const id = str(body, 'id');
  if (!id) throw new ProviderError('users/me without id', 502);
  const email = str(body, 'email');
  const name = [str(body, 'first_name'), str(body, 'last_name')].filter(Boolean).join(' ');
  return {
    externalAccountId: id,
    label: email ?? (name || null),
    data: { zoomAccount: str(body, 'account_id') },
  };
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The MP4 files of a user's cloud recordings, one item per file. */
export function zoomImports(app: FastifyInstance): ImportSource {
  const { zoom, httpTimeoutMs } = app.config.integrations;
  return {
    source: 'zoom',
    folderName: (connection) => `Zoom — ${connection.label ?? connection.external_account_id}`,
    async list(connection: IntegrationConnectionRow): Promise<ImportItem[]> {
      const items: ImportItem[] = [];
      const to = new Date();
      const from = new Date(to.getTime() - ZOOM_LOOKBACK_DAYS * 86_400_000);
      let pageToken = '';
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const url = new URL(`${zoom.apiUrl}/users/me/recordings`);
        url.searchParams.set('from', isoDay(from));
        url.searchParams.set('to', isoDay(to));
        url.searchParams.set('page_size', '300');
        if (pageToken) url.searchParams.set('next_page_token', pageToken);
        const { body } = await app.integrations.withToken(connection.id, (token) =>
          requestJson(url.toString(), {
            headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
            timeoutMs: httpTimeoutMs,
          }),
        );
        const meetings = (body as { meetings?: unknown }).meetings;
        for (const meeting of Array.isArray(meetings) ? meetings : []) {
          const files = (meeting as { recording_files?: unknown }).recording_files;
          const mp4s = (Array.isArray(files) ? files : []).filter(
            (f) =>
              str(f, 'file_type') === 'MP4' && str(f, 'status') !== 'processing' && str(f, 'download_url'),
          );
          for (const file of mp4s) {
            const id = str(file, 'id');
            if (!id) continue;
            const topic = str(meeting, 'topic') ?? 'Zoom';
            const start = str(meeting, 'start_time');
            const kind = mp4s.length > 1 ? ` — ${str(file, 'recording_type') ?? id}` : '';
            items.push({
              externalId: id,
              title: `${topic}${start ? ` (${start.slice(0, 10)})` : ''}${kind}`,
              data: { downloadUrl: str(file, 'download_url'), meetingUuid: str(meeting, 'uuid') },
            });
          }
        }
        pageToken = str(body, 'next_page_token') ?? '';
        if (!pageToken) break;
      }
      return items;
    },
    async locate(connection: IntegrationConnectionRow, item: IntegrationImportRow) {
      const url = str(item.data, 'downloadUrl');
      if (!url) throw new ProviderError('no download_url', 404);
      const token = await app.integrations.accessToken(connection.id);
      return { url, headers: { authorization: `Bearer ${token}` } };
    },
  };
}

/** `x-zm-signature`: `v0=` + hex HMAC-SHA256 of `v0:{x-zm-request-timestamp}:{raw body}`. */
export function zoomSignature(secretToken: string, timestamp: string, rawBody: string): string {
  return `v0=${createHmac('sha256', secretToken).update(`v0:${timestamp}:${rawBody}`).digest('hex')}`;
}

export function zoomSignatureValid(
  secretToken: string,
  headers: { signature: string | undefined; timestamp: string | undefined },
  rawBody: string,
  nowSeconds: number,
): boolean {
  const { signature, timestamp } = headers;
  if (!signature || !timestamp || !/^\d{1,13}$/.test(timestamp)) return false;
  // Zoom sends seconds; milliseconds are tolerated.
  const seconds = timestamp.length > 11 ? Math.floor(Number(timestamp) / 1000) : Number(timestamp);
  if (Math.abs(nowSeconds - seconds) > ZOOM_WEBHOOK_TOLERANCE_S) return false;
  const expected = Buffer.from(zoomSignature(secretToken, timestamp, rawBody));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The answer to `endpoint.url_validation`: the plain token and its HMAC under the secret token. */
export function zoomUrlValidation(secretToken: string, plainToken: string) {
  return { plainToken, encryptedToken: createHmac('sha256', secretToken).update(plainToken).digest('hex') };
}

import type { FastifyInstance } from 'fastify';
import type { IntegrationConnectionRow, IntegrationImportRow } from '../db/tables/integrations.ts';
import type { Identity } from './connect.ts';
import { ProviderError, requestJson, str } from './http.ts';
import type { OAuthClient, TokenSet } from './oauth.ts';
import type { ImportItem, ImportSource } from './service.ts';

/**
 * Google Meet (docs/integrations.md "Google Meet"): the Google OAuth client with the Meet and Drive
 * read-only scopes; the user's conference records (Meet REST API v2) → their recordings → the Drive
 * file of each, downloaded with `files/{id}?alt=media`.
 */
export const GOOGLE_MEET_SCOPES = [
  'openid',
  'email',
  'https://www.googleapis.com/auth/meetings.space.readonly',
  'https://www.googleapis.com/auth/drive.readonly',
] as const;

/** Conference records read per look (pages of 100). */
const MAX_PAGES = 5;

export function googleClient(
  app: FastifyInstance,
  provider: 'google-meet' | 'youtube',
  path: string,
  scopes: readonly string[],
): OAuthClient | null {
  const { google } = app.config.integrations;
  if (!google.clientId || !google.clientSecret) return null;
  return {
    provider,
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    authorizeUrl: google.authorizeUrl,
    tokenUrl: google.tokenUrl,
    revokeUrl: google.revokeUrl,
    redirectUri: `${app.config.publicUrl}${path}`,
    scopes,
    pkce: true,
    clientAuth: 'body',
    // A refresh token, every time: imports run while nobody is signed in.
    authorizeParams: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
    // Google's OpenID Connect: https://accounts.google.com/.well-known/openid-configuration names
    // these issuers and its jwks_uri (GOOGLE_JWKS_URL).
    oidc: { issuers: ['https://accounts.google.com', 'accounts.google.com'], jwksUrl: google.jwksUrl },
  };
}

export function googleMeetClient(app: FastifyInstance): OAuthClient | null {
  return googleClient(app, 'google-meet', '/bff/google-meet/oauth/callback', GOOGLE_MEET_SCOPES);
}

/** The Google account of the grant, from the id_token the token endpoint sent (verified by exchangeCode). */
export function googleIdentity(tokens: TokenSet): Identity {
  if (!tokens.idClaims) throw new ProviderError('token answer without an id_token', 502);
  return { externalAccountId: tokens.idClaims.sub, label: tokens.idClaims.email };
}

export function googleMeetImports(app: FastifyInstance): ImportSource {
  const { google, httpTimeoutMs } = app.config.integrations;
  const get = (connection: IntegrationConnectionRow, url: string) =>
    app.integrations.withToken(connection.id, (token) =>
      requestJson(url, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        timeoutMs: httpTimeoutMs,
      }),
    );
  return {
    source: 'google-meet',
    folderName: (connection) => `Google Meet — ${connection.label ?? connection.external_account_id}`,
    async list(connection): Promise<ImportItem[]> {
      const items: ImportItem[] = [];
      let pageToken = '';
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const url = new URL(`${google.meetApiUrl}/conferenceRecords`);
        url.searchParams.set('pageSize', '100');
        if (pageToken) url.searchParams.set('pageToken', pageToken);
        const { body } = await get(connection, url.toString());
        const records = (body as { conferenceRecords?: unknown }).conferenceRecords;
        for (const record of Array.isArray(records) ? records : []) {
          const name = str(record, 'name');
          if (!name || !/^conferenceRecords\/[A-Za-z0-9_-]{1,200}$/.test(name)) continue;
          const recordings = await get(connection, `${google.meetApiUrl}/${name}/recordings`);
          const list = (recordings.body as { recordings?: unknown }).recordings;
          for (const recording of Array.isArray(list) ? list : []) {
            const recordingName = str(recording, 'name');
            const destination = (recording as { driveDestination?: unknown }).driveDestination;
            const fileId = str(destination, 'file');
            if (!recordingName || !fileId || str(recording, 'state') !== 'FILE_GENERATED') continue;
            const start = str(recording, 'startTime') ?? str(record, 'startTime');
            items.push({
              externalId: recordingName,
              title: `Google Meet${start ? ` (${start.slice(0, 16).replace('T', ' ')})` : ''}`,
              data: { fileId },
            });
          }
        }
        pageToken = str(body, 'nextPageToken') ?? '';
        if (!pageToken) break;
      }
      return items;
    },
    async locate(connection: IntegrationConnectionRow, item: IntegrationImportRow) {
      const fileId = str(item.data, 'fileId');
      if (!fileId || !/^[A-Za-z0-9_-]{1,200}$/.test(fileId))
        throw new ProviderError('bad Drive file id', 404);
      const token = await app.integrations.accessToken(connection.id);
      return {
        url: `${google.driveApiUrl}/files/${encodeURIComponent(fileId)}?alt=media`,
        headers: { authorization: `Bearer ${token}` },
      };
    },
  };
}

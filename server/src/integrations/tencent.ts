import type { IntegrationConnectionRow } from '../db/tables/integrations.ts';
import { ProviderError, requestJson } from './http.ts';
import type { ImportItem, ProviderDefinition } from './service.ts';
import { TC3_CONTENT_TYPE, tc3Sign } from './tencent-sign.ts';

/*
 * Tencent Cloud VOD (API 3.0, version 2018-07-17) as the Tencent card uses it: the customer's own
 * SecretId/SecretKey sign every call (TC3-HMAC-SHA256, tencent-sign.ts); SearchMedia lists the media
 * and DescribeMediaInfos gives each one's MediaUrl, which the import downloads like any imported file.
 * API 3.0 answers errors with HTTP 200 and `Response.Error` {Code, Message}. docs/integrations.md.
 */

export const TENCENT_VOD_VERSION = '2018-07-17';
/** The signing scope's service: the product, whatever host the calls go to. */
const SERVICE = 'vod';
/** Media asked of SearchMedia per call (its documented maximum page is 5000; Offset + Limit ≤ 5000). */
export const TENCENT_PAGE = 50;
/** DescribeMediaInfos takes up to 20 FileIds per call. */
export const TENCENT_DESCRIBE_MAX = 20;

export interface TencentKeys {
  secretId: string;
  secretKey: string;
}

export interface TencentApi {
  /** `https://vod.tencentcloudapi.com` by default (TENCENT_VOD_API_URL). */
  apiUrl: string;
  /** X-TC-Region, when the account's media live in one region (optional for VOD). */
  region: string | null;
  timeoutMs: number;
}

/** An API 3.0 error (`Response.Error.Code`): AuthFailure.* means the keys are wrong or disabled. */
export class TencentApiError extends ProviderError {
  constructor(
    readonly code: string,
    message: string,
  ) {
    // Rate limits and Tencent's internal errors may pass; anything else will not.
    super(message, code === 'RequestLimitExceeded' || code.startsWith('InternalError') ? 503 : 400, code);
  }

  get badKeys(): boolean {
    return this.code.startsWith('AuthFailure');
  }
}

/** One signed API 3.0 call; answers `Response` without its RequestId. */
export async function tencentCall(
  api: TencentApi,
  keys: TencentKeys,
  action: string,
  params: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const url = new URL(api.apiUrl);
  const payload = JSON.stringify(params);
  const timestamp = Math.floor(Date.now() / 1000);
  const { authorization } = tc3Sign({
    ...keys,
    service: SERVICE,
    host: url.host,
    payload,
    timestamp,
    action,
  });
  const { body } = await requestJson(url.toString(), {
    method: 'POST',
    headers: {
      authorization,
      'content-type': TC3_CONTENT_TYPE,
      'x-tc-action': action,
      'x-tc-timestamp': String(timestamp),
      'x-tc-version': TENCENT_VOD_VERSION,
      ...(api.region ? { 'x-tc-region': api.region } : {}),
    },
    body: payload,
    timeoutMs: api.timeoutMs,
  });
  const response = (body as { Response?: unknown } | null)?.Response;
  if (!response || typeof response !== 'object') throw new ProviderError('answer without Response', 502);
  const error = (response as { Error?: { Code?: unknown; Message?: unknown } }).Error;
  if (error) throw new TencentApiError(String(error.Code ?? 'Unknown'), String(error.Message ?? ''));
  return response as Record<string, unknown>;
}

export interface TencentMedia {
  fileId: string;
  name: string;
  mediaUrl: string | null;
}

function media(item: unknown): TencentMedia | null {
  if (!item || typeof item !== 'object') return null;
  const { FileId, BasicInfo } = item as {
    FileId?: unknown;
    BasicInfo?: { Name?: unknown; MediaUrl?: unknown };
  };
  if (typeof FileId !== 'string' || FileId === '' || FileId.length > 64) return null;
  const name = typeof BasicInfo?.Name === 'string' && BasicInfo.Name.trim() ? BasicInfo.Name.trim() : FileId;
  const url = typeof BasicInfo?.MediaUrl === 'string' && BasicInfo.MediaUrl ? BasicInfo.MediaUrl : null;
  return { fileId: FileId, name: name.slice(0, 200), mediaUrl: url };
}

/** Checks a key pair with a harmless signed call (one media listed); throws TencentApiError. */
export async function verifyTencentKeys(api: TencentApi, keys: TencentKeys): Promise<void> {
  await tencentCall(api, keys, 'SearchMedia', { Offset: 0, Limit: 1 });
}

/** One page of the account's media (SearchMedia), and how many there are in all. */
export async function searchTencentMedia(
  api: TencentApi,
  keys: TencentKeys,
  offset: number,
  limit = TENCENT_PAGE,
): Promise<{ total: number; items: TencentMedia[] }> {
  const response = await tencentCall(api, keys, 'SearchMedia', { Offset: offset, Limit: limit });
  const set = Array.isArray(response.MediaInfoSet) ? response.MediaInfoSet : [];
  const total = Number(response.TotalCount);
  return {
    total: Number.isFinite(total) && total >= 0 ? total : set.length,
    items: set.map(media).filter((m): m is TencentMedia => m !== null),
  };
}

/** The MediaUrl of each media (DescribeMediaInfos, basicInfo only); missing ones are left out. */
export async function describeTencentMedia(
  api: TencentApi,
  keys: TencentKeys,
  fileIds: string[],
): Promise<TencentMedia[]> {
  const response = await tencentCall(api, keys, 'DescribeMediaInfos', {
    FileIds: fileIds.slice(0, TENCENT_DESCRIBE_MAX),
    Filters: ['basicInfo'],
  });
  const set = Array.isArray(response.MediaInfoSet) ? response.MediaInfoSet : [];
  return set.map(media).filter((m): m is TencentMedia => m !== null);
}

/** The most media one look lists (SearchMedia pages of TENCENT_PAGE; Offset + Limit ≤ 5000). */
export const TENCENT_MAX_LISTED = 5000;

/**
 * The Tencent card's definition for the integrations engine (service.ts): no OAuth (the customer's
 * own keys, checked when given), imports listed by SearchMedia, each located by DescribeMediaInfos.
 */
export function tencentDefinition(
  api: TencentApi,
  keysOf: (connection: IntegrationConnectionRow) => TencentKeys,
): ProviderDefinition {
  return {
    provider: 'tencent',
    configured: () => true,
    imports: {
      source: 'tencent',
      folderName: () => 'Tencent Cloud',
      async list(connection) {
        const keys = keysOf(connection);
        const items: ImportItem[] = [];
        for (let offset = 0; offset < TENCENT_MAX_LISTED; offset += TENCENT_PAGE) {
          const page = await searchTencentMedia(api, keys, offset);
          for (const m of page.items) items.push({ externalId: m.fileId, title: m.name, data: {} });
          if (page.items.length < TENCENT_PAGE || offset + TENCENT_PAGE >= page.total) break;
        }
        return items;
      },
      async locate(connection, item) {
        const [found] = await describeTencentMedia(api, keysOf(connection), [item.external_id]);
        // A media deleted at Tencent, or one without a file: nothing to download.
        if (!found?.mediaUrl) throw new ProviderError('the media is gone or has no file', 404);
        return { url: found.mediaUrl, headers: {} };
      },
    },
  };
}

import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Tencent Cloud API 3.0 request signing, signature v3 (TC3-HMAC-SHA256), as Tencent documents it
 * ("Signature v3"): a canonical request over the method, path, query, the signed headers and the
 * SHA-256 of the body; a string to sign with the timestamp and the credential scope
 * (`{UTC date}/{service}/tc3_request`); a key derived from the SecretKey by HMAC over the date, the
 * service and `tc3_request`. The same functions sign the server's calls and check them in the local
 * Tencent server the tests run, so a mistake shows on both sides only if the known vector also passes.
 */

export const TC3_ALGORITHM = 'TC3-HMAC-SHA256';
/** The content type Palco sends: it is one of the signed headers, so it must be sent exactly so. */
export const TC3_CONTENT_TYPE = 'application/json; charset=utf-8';

export interface Tc3Request {
  secretId: string;
  secretKey: string;
  /** The product's name, the first label of its host (`vod` for vod.tencentcloudapi.com). */
  service: string;
  /** The Host header sent (and signed). */
  host: string;
  /** The JSON body, exactly as sent. */
  payload: string;
  /** Unix seconds (X-TC-Timestamp). */
  timestamp: number;
  /** Signed together with content-type and host when given (lower-cased, as the documentation does). */
  action?: string;
  contentType?: string;
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** The UTC date of a timestamp, `YYYY-MM-DD` (the credential scope's date is always UTC). */
export function tc3Date(timestamp: number): string {
  return new Date(timestamp * 1000).toISOString().slice(0, 10);
}

/** The signed headers, lower-case names sorted, with their trimmed lower-case values. */
function signedHeaders(request: Tc3Request): [string, string][] {
  const headers: [string, string][] = [
    ['content-type', (request.contentType ?? TC3_CONTENT_TYPE).trim().toLowerCase()],
    ['host', request.host.trim().toLowerCase()],
  ];
  if (request.action !== undefined) headers.push(['x-tc-action', request.action.trim().toLowerCase()]);
  return headers.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export interface Tc3Signature {
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
  /** The Authorization header's value. */
  authorization: string;
}

/** Signs a POST of a JSON body to `/` (how every API 3.0 call is made). */
export function tc3Sign(request: Tc3Request): Tc3Signature {
  const headers = signedHeaders(request);
  const names = headers.map(([name]) => name).join(';');
  const canonicalRequest = [
    'POST',
    '/',
    '',
    headers.map(([name, value]) => `${name}:${value}\n`).join(''),
    names,
    sha256Hex(request.payload),
  ].join('\n');
  const date = tc3Date(request.timestamp);
  const scope = `${date}/${request.service}/tc3_request`;
  const stringToSign = [TC3_ALGORITHM, String(request.timestamp), scope, sha256Hex(canonicalRequest)].join(
    '\n',
  );
  const secretDate = hmac(`TC3${request.secretKey}`, date);
  const secretService = hmac(secretDate, request.service);
  const secretSigning = hmac(secretService, 'tc3_request');
  const signature = createHmac('sha256', secretSigning).update(stringToSign, 'utf8').digest('hex');
  const authorization = `${TC3_ALGORITHM} Credential=${request.secretId}/${scope}, SignedHeaders=${names}, Signature=${signature}`;
  return { canonicalRequest, stringToSign, signature, authorization };
}

/** The parts of an Authorization header, or null when it is not a TC3 one. */
export function parseTc3Authorization(
  header: string,
): { secretId: string; date: string; service: string; signedHeaders: string[]; signature: string } | null {
  const match =
    /^TC3-HMAC-SHA256 Credential=([^/\s,]{1,128})\/(\d{4}-\d{2}-\d{2})\/([a-z0-9-]{1,64})\/tc3_request, SignedHeaders=([a-z0-9;-]{1,200}), Signature=([0-9a-f]{64})$/.exec(
      header,
    );
  if (!match) return null;
  const [, secretId = '', date = '', service = '', names = '', signature = ''] = match;
  return { secretId, date, service, signedHeaders: names.split(';'), signature };
}

/** Compares two hex signatures in constant time. */
export function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

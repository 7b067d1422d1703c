/**
 * The one place that decides what of a URL may reach the log (docs/security.md "No secret in the
 * server's log"). Every log line the server writes passes through `redactText` on its way out (the
 * logger's stream, app.ts), the request serializer's `url` through `redactUrl`, and the ingest and
 * simulcast code hand ffmpeg's words and an encoder's application names to it too. A URL is a capability when a
 * part of it is a bearer secret (a guest link, a playback token, an OAuth code): whoever reads the log
 * line could use it.
 *
 * Two lists name the secrets:
 * - `SECRET_NAMES`: route parameter and query parameter names whose value is a secret. A query value
 *   is replaced wherever the name appears (`?t=…`, `&code=…`); a path segment is replaced in the
 *   URLs of every route that declares a parameter of that name (`/play/vod/:videoId/:token/*`),
 *   learned as routes are added (`learnRoute`).
 * - `NOT_SECRET_NAMES`: the names reviewed as harmless (ids, filters, pages). A test walks the route
 *   table and fails on a parameter in neither list, so a new one is classified before it ships.
 */

/** Parameter names (path or query) whose values are bearer secrets. */
export const SECRET_NAMES: readonly string[] = [
  // Invitation links, recovery links, playback tokens in paths, the live preview's token.
  'token',
  'hash',
  'password',
  'newPassword',
  'secret',
  'signature',
  'sig',
  // A viewer's signed session (the key of its beacons) and a live manifest's viewer mark.
  'sessionId',
  'v',
  // A studio guest link (`/studio/{id}/guest?t=`, `/v1/studio/lives/{id}/guest-link?t=`).
  't',
  // A classroom attendee's token (`/embed/{id}?attendee=`, the playback info route).
  'attendee',
  // OAuth: the authorization code and the state that binds it (every provider's callback and start).
  'code',
  'state',
  // Provider and encoder URLs that may be printed by ffmpeg (Tencent's signed push, SRT).
  'access_token',
  'id_token',
  'refresh_token',
  'client_secret',
  'key',
  'txSecret',
  'passphrase',
  'streamid',
];

/** Parameter names reviewed as not secret (ids, filters, pages, provider error texts). */
export const NOT_SECRET_NAMES: readonly string[] = [
  '*',
  'id',
  'liveId',
  'accountId',
  'account_id',
  'file',
  'videoId',
  'guestId',
  'clientId',
  'userId',
  'teamId',
  'streamId',
  'signalId',
  'overlayId',
  'viewId',
  'speakerId',
  'roleId',
  'metric',
  'kind',
  'contaId',
  'subConta',
  'action',
  'deliveryId',
  'limit',
  'search',
  'page',
  'scope',
  'error',
  'error_reason',
  'error_description',
  'error_code',
  'status',
  'origin',
  'newView',
  'language',
  'wait',
  'user',
  'title',
  'start',
  'end',
  'sort',
  'shutdown',
  'parentId',
  'order',
  'month',
  'identifier',
  'directoryId',
  'after',
  'replaceWith',
];

const CENSOR = '[Redacted]';
/** Characters that end a value in a URL, in free text or inside a JSON log line. */
const VALUE = String.raw`[^/?#&\s"'\\<>]+`;
const SEGMENT = String.raw`[^/?#\s"'\\<>]+`;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const SECRET_QUERY = new RegExp(
  String.raw`([?&](?:${SECRET_NAMES.map(escapeRegExp).join('|')})=)[^&#\s"'\\<>]*`,
  'gi',
);

/**
 * Secret path segments of URLs that are no route of the API: the console's invitation page, and the
 * stream key of an RTMP URL (the ingest's own, or a simulcast target's) as ffmpeg prints it.
 */
const STATIC_PATTERNS: readonly RegExp[] = [
  new RegExp(`(/auth/invite/)${VALUE}`, 'g'),
  new RegExp(String.raw`(rtmps?://[^/\s"'\\<>]+/${SEGMENT}/)[^?#\s"'\\<>]+`, 'gi'),
];

/** Every route path learned so far, and the patterns built from them (rebuilt when a route is added). */
const knownRoutes = new Set<string>();
let routePatterns: RegExp[] | null = null;

/**
 * The pattern that finds a route's URL in any text, its secret segments in groups 2, 4…; null when the
 * route has no secret parameter. Segments before the first parameter are literal; a parameter segment
 * never matches a literal that another route under the same first segment has at that place, as the
 * router prefers the literal: `/media/:accountId/:videoId/:token/*` does not take the public image
 * `/media/streams/{team}/{stream}/{file}` for itself.
 */
export function secretPattern(routeUrl: string, siblings: Iterable<string> = []): RegExp | null {
  const parts = routeUrl.split('/');
  const nameAt = parts.map((part) => /^:(\w+)/.exec(part)?.[1]);
  const secretAt = nameAt.map((name) => name !== undefined && SECRET_NAMES.includes(name));
  const last = secretAt.lastIndexOf(true);
  if (last === -1) return null;
  const literalsAt = (i: number) => {
    const out = new Set<string>();
    for (const other of siblings) {
      const otherParts = other.split('/');
      const part = otherParts[i];
      if (otherParts[1] === parts[1] && part && !part.startsWith(':') && part !== '*') out.add(part);
    }
    return [...out];
  };
  let source = '(';
  for (let i = 0; i <= last; i++) {
    const part = parts[i] ?? '';
    const sep = i === 0 ? '' : '/';
    if (secretAt[i] || nameAt[i] !== undefined || part === '*') {
      const literals = literalsAt(i);
      const notLiteral = literals.length ? `(?!(?:${literals.map(escapeRegExp).join('|')})/)` : '';
      source += secretAt[i] ? `${sep})${notLiteral}(${VALUE})(` : sep + notLiteral + SEGMENT;
    } else source += sep + escapeRegExp(part);
  }
  source += ')';
  return new RegExp(source, 'g');
}

/** Called for every route as it is added (app.ts): its secret segments are redacted from then on. */
export function learnRoute(routeUrl: string): void {
  if (knownRoutes.has(routeUrl)) return;
  knownRoutes.add(routeUrl);
  routePatterns = null;
}

function learnedPatterns(): RegExp[] {
  routePatterns ??= [...knownRoutes].flatMap((url) => secretPattern(url, knownRoutes) ?? []);
  return routePatterns;
}

function redactSegments(text: string, pattern: RegExp): string {
  // The pattern's groups alternate kept text, secret, kept text… (one more kept than secrets).
  const groups = (new RegExp(`${pattern.source}|`).exec('')?.length ?? 1) - 1;
  return text.replace(pattern, (...match: unknown[]) => {
    let out = '';
    for (let i = 0; i < groups; i++) out += i % 2 === 0 ? String(match[i + 1] ?? '') : CENSOR;
    return out;
  });
}

/**
 * Every secret-bearing query value and path segment of the URLs in `text` (a path, a whole URL, an
 * error message or a whole JSON log line) replaced by `[Redacted]`.
 */
export function redactText(text: string): string {
  if (!text.includes('/') && !text.includes('=')) return text;
  let out = text.replace(SECRET_QUERY, `$1${CENSOR}`);
  for (const pattern of STATIC_PATTERNS) out = out.replace(pattern, `$1${CENSOR}`);
  for (const pattern of learnedPatterns()) out = redactSegments(out, pattern);
  return out;
}

/** A request's URL as the log may show it. */
export function redactUrl(url: string): string {
  return redactText(url);
}

/** A key in a log line: enough to tell keys apart, never enough to use one. */
export function maskKey(key: string): string {
  return `${key.slice(0, 4)}…`;
}

/**
 * Text that may hold a signal key outside a URL (an encoder's application name, ffmpeg's errors): every key-like run masked, then the URLs redacted.
 */
export function redactKeys(text: string): string {
  return redactText(text).replace(/[A-Za-z0-9_-]{20,}/g, (k) => maskKey(k));
}

/** A writable for pino that redacts each line before it goes on (the logger's only destination). */
export function redactingStream(destination: { write(line: string): unknown }): {
  write(line: string): void;
} {
  return {
    write(line: string) {
      destination.write(redactText(line));
    },
  };
}

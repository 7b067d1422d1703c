/** Where and how sources are uploaded, from GET /bff/config (docs/api-videos.md, SPEC §9). */

export interface UploadConfig {
  uploadUrl: string;
  apiUrl: string;
}

export interface UploadTarget {
  /** SPEC §9: chunked when the upload host differs from the standard one, else one simple upload. */
  mode: 'chunked' | 'simple';
  /** The base the source path is appended to: a path on this origin, or another origin's URL. */
  base: string;
}

const trimSlashes = (url: string) => url.replace(/\/+$/, '');

/**
 * The console talks to the API on its own origin (the api client's base is '/'), and the server's
 * `apiUrl` (PUBLIC_URL) may name that origin differently (localhost vs 127.0.0.1, a proxy). So an
 * upload URL under `apiUrl` is used as a path on this origin — no cross-origin request; an upload
 * host elsewhere is used as given (it must then answer CORS).
 */
export function uploadTarget(config: UploadConfig): UploadTarget {
  const upload = trimSlashes(config.uploadUrl);
  const api = trimSlashes(config.apiUrl);
  const mode = upload === api ? 'simple' : 'chunked';
  if (upload === api) return { mode, base: '' };
  if (upload.startsWith(`${api}/`)) return { mode, base: upload.slice(api.length) };
  return { mode, base: upload };
}

/** `{base}/v1/videos/{id}/source`. */
export function sourceUrl(target: UploadTarget, videoId: string): string {
  return `${target.base}/v1/videos/${encodeURIComponent(videoId)}/source`;
}

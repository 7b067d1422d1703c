/** Hosts of the companion apps the console sends users to (SPEC §2.2 '/', the Analytics menu): separate
 * products, set at build time with VITE_WEBCAM_HOST / VITE_ANALYTICS_HOST. Without a host the console
 * offers no link to that app (never a placeholder host). */
const hostOf = (value: string | undefined): string | null => value?.trim().replace(/\/+$/, '') || null;
export const WEBCAM_HOST: string | null = hostOf(import.meta.env.VITE_WEBCAM_HOST);
export const ANALYTICS_HOST: string | null = hostOf(import.meta.env.VITE_ANALYTICS_HOST);

export interface ExternalHosts {
  webcam: string | null;
  analytics: string | null;
}
export const EXTERNAL_HOSTS: ExternalHosts = { webcam: WEBCAM_HOST, analytics: ANALYTICS_HOST };

/** `host` with the path, query and hash of `path`; never another host, whatever `path` holds. */
export function onHost(host: string, path: string): string {
  const url = new URL(host);
  const target = new URL(path.startsWith('/') ? path : `/${path}`, 'http://placeholder.invalid');
  url.pathname = target.pathname;
  url.search = target.search;
  url.hash = target.hash;
  return url.toString();
}

/** The VOD analytics page of the user's root directory (SPEC §2.2 Analytics menu); null without the app. */
export function vodAnalyticsUrl(diretorioRoot: string, host = ANALYTICS_HOST): string | null {
  return host ? onHost(host, `/vod/${encodeURIComponent(diretorioRoot)}`) : null;
}

/** The studio analytics page (beta); null without the analytics app. */
export function studioAnalyticsUrl(host = ANALYTICS_HOST): string | null {
  return host ? onHost(host, '/studio') : null;
}

/** Hosts of the companion apps the console sends users to (SPEC §2.2 '/', the Analytics menu).
 * Set at build time with VITE_WEBCAM_HOST / VITE_ANALYTICS_HOST; the defaults are placeholders. */
export const WEBCAM_HOST: string = import.meta.env.VITE_WEBCAM_HOST || 'https://webcam.palco.example';
export const ANALYTICS_HOST: string =
  import.meta.env.VITE_ANALYTICS_HOST || 'https://analytics.palco.example';

export interface ExternalHosts {
  webcam: string;
  analytics: string;
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

/** The VOD analytics page of the user's root directory (SPEC §2.2 Analytics menu). */
export function vodAnalyticsUrl(diretorioRoot: string, host = ANALYTICS_HOST): string {
  return onHost(host, `/vod/${encodeURIComponent(diretorioRoot)}`);
}

/** The studio analytics page (beta). */
export function studioAnalyticsUrl(host = ANALYTICS_HOST): string {
  return onHost(host, '/studio');
}

import type { Temporal as TemporalNS } from 'temporal-polyfill';

type TemporalApi = typeof TemporalNS;

let api: TemporalApi | undefined = (globalThis as { Temporal?: TemporalApi }).Temporal;

/** The browser's Temporal, or the polyfill (its own chunk) where the browser has none yet. Routes that
 * need dates await this in their loader, so components can call `temporal()` synchronously. */
export async function loadTemporal(): Promise<TemporalApi> {
  api ??= (await import('temporal-polyfill')).Temporal;
  return api;
}

export function temporal(): TemporalApi {
  if (!api) throw new Error('Temporal is not loaded yet: await loadTemporal() first');
  return api;
}

/** The browser's time zone (dates in forms are read and written in it). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export type { TemporalNS as Temporal };

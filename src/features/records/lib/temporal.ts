import type { Temporal as TemporalNS } from 'temporal-polyfill';

type TemporalApi = typeof TemporalNS;

let api: TemporalApi | undefined = (globalThis as { Temporal?: TemporalApi }).Temporal;

/** The browser's Temporal, or the polyfill (its own chunk) where the browser has none yet. The route's
 * loader awaits this, so the page can call `temporal()` synchronously. */
export async function loadTemporal(): Promise<TemporalApi> {
  api ??= (await import('temporal-polyfill')).Temporal;
  return api;
}

export function temporal(): TemporalApi {
  if (!api) throw new Error('Temporal is not loaded yet: await loadTemporal() first');
  return api;
}

export type { TemporalNS as Temporal };

/** The periods the page offers, in days; the server's default window is the last 30. */
export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD = 30 satisfies Period;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The page's URL: the open folder (none: the library's top level) and the period (30 days when
 * absent, so the plain address is the usual view). */
export interface VodAnalyticsSearch {
  folder?: string;
  days?: Exclude<Period, typeof DEFAULT_PERIOD>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Keeps only well-formed values: a hand-edited URL opens the top level over 30 days instead of an
 * error. */
export function validateVodAnalyticsSearch(raw: Record<string, unknown>): VodAnalyticsSearch {
  const out: VodAnalyticsSearch = {};
  if (typeof raw.folder === 'string' && UUID.test(raw.folder)) out.folder = raw.folder.toLowerCase();
  const days = Number(raw.days);
  if (days === 7 || days === 90) out.days = days;
  return out;
}

export const periodOf = (search: VodAnalyticsSearch): Period => search.days ?? DEFAULT_PERIOD;

/** The URL of a folder and period: the default period is left out. */
export function searchOf(folder: string | undefined, period: Period): VodAnalyticsSearch {
  const out: VodAnalyticsSearch = {};
  if (folder) out.folder = folder;
  if (period !== DEFAULT_PERIOD) out.days = period;
  return out;
}

/** The last `period` days up to `now`, in epoch ms, as the API takes them: a span of exact days (24 h
 * each), not calendar days, so every viewer of the page asks for the same length of time. */
export function windowOf(period: Period, now: number): { from: number; to: number } {
  return { from: now - period * DAY_MS, to: now };
}

import type { StreamStatus } from './status';

/** The /streaming URL: tab, page, title search and sort, so a reload or the back button keeps them.
 * Defaults are undefined (left out of the address). */
export const TABS = ['all', 'live', 'scheduled'] as const;
export type Tab = (typeof TABS)[number];
/** The statuses each tab lists (all: every one but finished). A paused live is still on air, so the
 * Live tab lists it too, with its paused badge. */
export const TAB_STATUSES: Record<Tab, readonly StreamStatus[] | undefined> = {
  all: undefined,
  live: ['live', 'paused'],
  scheduled: ['scheduled'],
};
export const SORT_FIELDS = ['name', 'date', 'status'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';
export const PAGE_SIZE = 10;
export const TITLE_MAX = 120;

export interface LibrarySearch {
  tab?: Tab;
  page?: number;
  q?: string;
  sort?: `${SortField},${SortDirection}`;
}

const DEFAULT_SORT = 'date,desc';
const SORT_RE = /^(name|date|status),(asc|desc)$/;

function toPage(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 1 ? n : undefined;
}

function toText(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  return String(value).trim().slice(0, TITLE_MAX) || undefined;
}

export function validateLibrarySearch(raw: Record<string, unknown>): LibrarySearch {
  const tab = TABS.find((t) => t === raw.tab);
  const sort = typeof raw.sort === 'string' && SORT_RE.test(raw.sort) ? raw.sort : undefined;
  return {
    tab: tab === 'all' ? undefined : tab,
    page: toPage(raw.page),
    q: toText(raw.q),
    sort: sort === DEFAULT_SORT ? undefined : (sort as LibrarySearch['sort']),
  };
}

export interface HistoricSearch {
  page?: number;
  q?: string;
}

export function validateHistoricSearch(raw: Record<string, unknown>): HistoricSearch {
  return { page: toPage(raw.page), q: toText(raw.q) };
}

/** The list query of GET /v1/live-streams for the library's URL. */
export function libraryQuery(s: LibrarySearch) {
  const tab = s.tab ?? 'all';
  return {
    sort: s.sort ?? DEFAULT_SORT,
    page: s.page ?? 1,
    limit: PAGE_SIZE,
    title: s.q,
    status: TAB_STATUSES[tab]?.join(','),
    shutdown: false,
  } as const;
}

export function historicQuery(s: HistoricSearch) {
  return {
    sort: 'date,desc',
    page: s.page ?? 1,
    limit: PAGE_SIZE,
    title: s.q,
    status: undefined,
    shutdown: true,
  } as const;
}

/** Clicking a column header: a new column starts ascending (date: newest first), the same one flips. */
export function nextSort(current: string | undefined, field: SortField): LibrarySearch['sort'] {
  const [by, dir] = (current ?? DEFAULT_SORT).split(',') as [SortField, SortDirection];
  const next = by === field ? (dir === 'asc' ? 'desc' : 'asc') : field === 'date' ? 'desc' : 'asc';
  const sort = `${field},${next}` as const;
  return sort === DEFAULT_SORT ? undefined : sort;
}

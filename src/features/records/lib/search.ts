import { isUuid } from '@/lib/validation';

/** SPEC §9: log page sizes (default 10). */
export const PAGE_SIZES = [10, 25, 30, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;

/** What the search box looks in: the identifier, or the responsible user's e-mail or name. */
export const SEARCH_TYPES = ['identifier', 'user'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export type SortOrder = 'desc' | 'asc';

/** The API accepts at most 100 characters of search text (docs/api-logs.md). */
export const SEARCH_MAX = 100;

/** The /records URL: every filter, the page, its size, the sort and the search, so a reload keeps
 * them. Defaults are left out (undefined), which keeps the address short. */
export interface RecordsSearch {
  page?: number;
  limit?: PageSize;
  order?: SortOrder;
  by?: SearchType;
  q?: string;
  /** ISO dates (YYYY-MM-DD), both or neither; checked against the calendar when the page reads them. */
  start?: string;
  end?: string;
  /** Staff only: the client filter. */
  clientId?: string;
  /** The team filter. */
  accountId?: string;
}

const ISO_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

function toInteger(value: unknown): number | undefined {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(n) ? n : undefined;
}

function pick<T extends string | number>(value: unknown, allowed: readonly T[]): T | undefined {
  const found = allowed.find((a) => a === value || String(a) === value);
  return found;
}

/** The router parses `?q=123` as a number: any scalar becomes text. */
function toText(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return undefined;
  const text = String(value).trim().slice(0, SEARCH_MAX);
  return text || undefined;
}

/**
 * The route's validateSearch: anything missing or malformed falls back to its default (never throws),
 * and defaults are undefined so they do not show in the address.
 */
export function validateRecordsSearch(raw: Record<string, unknown>): RecordsSearch {
  const page = toInteger(raw.page);
  const limit = pick(toInteger(raw.limit), PAGE_SIZES);
  const order = pick(raw.order, ['asc', 'desc'] as const);
  const by = pick(raw.by, SEARCH_TYPES);
  const start = typeof raw.start === 'string' && ISO_DATE_RE.test(raw.start) ? raw.start : undefined;
  const end = typeof raw.end === 'string' && ISO_DATE_RE.test(raw.end) ? raw.end : undefined;
  const hasRange = start !== undefined && end !== undefined;
  const clientId = isUuid(raw.clientId) ? raw.clientId.toLowerCase() : undefined;
  const accountId = isUuid(raw.accountId) ? raw.accountId.toLowerCase() : undefined;
  const search: RecordsSearch = {
    page: page !== undefined && page > 1 ? page : undefined,
    limit: limit !== DEFAULT_PAGE_SIZE ? limit : undefined,
    order: order === 'asc' ? 'asc' : undefined,
    by: by === 'user' ? 'user' : undefined,
    q: toText(raw.q),
    start: hasRange ? start : undefined,
    end: hasRange ? end : undefined,
    clientId,
    accountId,
  };
  // Defaults stay as explicit `undefined` keys: the router merges the validated search over the raw one,
  // so a key left out would let the raw (bad) value through; undefined keys are left out of the URL.
  return search;
}

/** The search with every default filled in, as the page reads it. */
export function withDefaults(search: RecordsSearch) {
  return {
    page: search.page ?? 1,
    limit: search.limit ?? DEFAULT_PAGE_SIZE,
    order: search.order ?? ('desc' as SortOrder),
    by: search.by ?? ('identifier' as SearchType),
    q: search.q ?? '',
  };
}

import { isEmail } from '@/lib/validation';

/** The problems the list of views can be narrowed to (docs/analytics.md "Customer support"). */
export const VIEW_FILTERS = ['failed', 'exitBeforeStart', 'rebuffering'] as const;
export type ViewFilter = (typeof VIEW_FILTERS)[number];

/** Views a page of the list shows (the server's default). */
export const PAGE_SIZE = 20;
/** The server's bound for the state and network provider filters. */
export const TEXT_MAX = 100;
/** The server's bound for an e-mail address. */
export const EMAIL_MAX = 254;
/** The ID the anti-piracy overlay shows is 8 × A-Z0-9; the server takes 1 to 16 letters and digits. */
export const VIEWER_ID_RE = /^[A-Z0-9]{1,16}$/;
/** A view's ID (a playback session): 32 lowercase hex digits. */
const VIEW_ID_RE = /^[0-9a-f]{32}$/;

/** The /atendimento/$liveId URL: how the viewer is searched for, the page of the list and the view
 * open in the detail, so a link points at one viewer (and one of their views). Empty values are
 * undefined (left out of the address). */
export interface SupportSearch {
  viewerId?: string;
  email?: string;
  filter?: ViewFilter;
  state?: string;
  provider?: string;
  page?: number;
  view?: string;
}

/** What a viewer ID field holds as the overlay shows it: no spaces, upper case. */
export const normaliseViewerId = (value: string) => value.replace(/\s+/g, '').toUpperCase();

function toText(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  return text && text.length <= max ? text : undefined;
}

function toPage(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 1 ? n : undefined;
}

/** The route's validateSearch: a bad value is dropped (never throws), so an old or edited link still
 * opens the page. The router reads `?viewerId=12345678` as a number: scalars become text. */
export function validateSupportSearch(raw: Record<string, unknown>): SupportSearch {
  const viewerText = toText(raw.viewerId, 64);
  const viewerId = viewerText === undefined ? undefined : normaliseViewerId(viewerText);
  const email = toText(raw.email, EMAIL_MAX)?.toLowerCase();
  const view = typeof raw.view === 'string' ? raw.view.toLowerCase() : undefined;
  return {
    viewerId: viewerId !== undefined && VIEWER_ID_RE.test(viewerId) ? viewerId : undefined,
    email: email !== undefined && isEmail(email) ? email : undefined,
    filter: VIEW_FILTERS.find((f) => f === raw.filter),
    state: toText(raw.state, TEXT_MAX),
    provider: toText(raw.provider, TEXT_MAX),
    page: toPage(raw.page),
    view: view !== undefined && VIEW_ID_RE.test(view) ? view : undefined,
  };
}

/** The query of GET /v1/analytics/lives/{id}/views for what the URL says. */
export interface ViewsQuery {
  viewerId?: string;
  email?: string;
  filter?: ViewFilter;
  state?: string;
  provider?: string;
  page: number;
  limit: number;
}

export function viewsQuery(search: SupportSearch): ViewsQuery {
  const query: ViewsQuery = { page: search.page ?? 1, limit: PAGE_SIZE };
  if (search.viewerId) query.viewerId = search.viewerId;
  if (search.email) query.email = search.email;
  if (search.filter) query.filter = search.filter;
  if (search.state) query.state = search.state;
  if (search.provider) query.provider = search.provider;
  return query;
}

/** The search form's fields, as typed. `filter` '' is every view. */
export interface SearchForm {
  viewerId: string;
  email: string;
  filter: ViewFilter | '';
  state: string;
  provider: string;
}

export function formOf(search: SupportSearch): SearchForm {
  return {
    viewerId: search.viewerId ?? '',
    email: search.email ?? '',
    filter: search.filter ?? '',
    state: search.state ?? '',
    provider: search.provider ?? '',
  };
}

/** The field in error, if any: 'viewerId' or 'email' (the others take any text). */
export function formError(form: SearchForm): 'viewerId' | 'email' | undefined {
  const viewerId = normaliseViewerId(form.viewerId);
  if (viewerId && !VIEWER_ID_RE.test(viewerId)) return 'viewerId';
  const email = form.email.trim();
  if (email && (email.length > EMAIL_MAX || !isEmail(email))) return 'email';
  return undefined;
}

/** The URL a submitted form leads to: a new search starts at page 1 with no view open. */
export function searchOf(form: SearchForm): SupportSearch {
  return validateSupportSearch({
    viewerId: form.viewerId,
    email: form.email,
    filter: form.filter || undefined,
    state: form.state,
    provider: form.provider,
  });
}

/** Whether the URL searches for one viewer (by ID or e-mail) rather than listing the live's views. */
export const searchesViewer = (search: SupportSearch) => Boolean(search.viewerId || search.email);

/** Pages of the list for a total. */
export const pagesOf = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));

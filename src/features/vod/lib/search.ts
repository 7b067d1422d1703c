/** The VOD page's URL: the open folder, the search text, the page and a video to watch (all optional).
 * `videoId` opens that video's preview: the link /historic gives to a live's recording. */
export interface VodSearch {
  folder?: string;
  q?: string;
  page?: number;
  videoId?: string;
}

export const VIDEOS_PER_PAGE = 12;
export const MAX_SEARCH_LENGTH = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Keeps only well-formed values: a hand-edited URL opens the library instead of an error. */
export function validateVodSearch(raw: Record<string, unknown>): VodSearch {
  const out: VodSearch = {};
  if (typeof raw.folder === 'string' && UUID.test(raw.folder)) out.folder = raw.folder.toLowerCase();
  if (typeof raw.q === 'string' && raw.q.trim()) out.q = raw.q.trim().slice(0, MAX_SEARCH_LENGTH);
  const page = typeof raw.page === 'number' ? raw.page : Number(raw.page);
  if (Number.isInteger(page) && page > 1) out.page = page;
  if (typeof raw.videoId === 'string' && UUID.test(raw.videoId)) out.videoId = raw.videoId.toLowerCase();
  return out;
}

/**
 * What the library lists for an open folder (null: the top level) and a search (docs/api-videos.md,
 * "Searching the library"): without a search, the folder's own subfolders and videos; a search inside
 * a folder narrows those; a search at the top level covers the whole library — every folder and every
 * video of the account whose name contains it, wherever it is.
 */
export function libraryScope(
  folder: string | null,
  q: string | undefined,
): { parentId: string | null | 'all'; directoryId: string | undefined; search: string | undefined } {
  const search = q?.trim() || undefined;
  if (folder) return { parentId: folder, directoryId: folder, search };
  if (search) return { parentId: 'all', directoryId: undefined, search };
  return { parentId: null, directoryId: 'root', search };
}

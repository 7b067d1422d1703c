import type { PlaybackInfo } from '@contract/playback';
import type { EmbedTarget } from './route';

/** The id of the element the server renders the playback answer into (server/src/plugins/embed-pages.ts). */
export const RENDERED_ID = 'palco-playback';

/** What the server rendered: the answer, and what it was asked with (the origin it read from the
 * navigation, whether it passed an attendee token on). */
interface Rendered {
  origin: string | null;
  attendee: boolean;
  info: PlaybackInfo;
}

/**
 * The playback answer the server put in the page (docs/playback.md "Startup time: the answer in the
 * page"), when it was made for what this page would ask: the same target, the same embedding origin
 * (the server read it from the navigation's headers; the page's own reading, `ancestorOrigins`, decides),
 * the same attendee. Anything else, or no answer at all: null, and the page asks the endpoint as before.
 */
export function renderedAnswer(
  doc: Pick<Document, 'getElementById'>,
  target: EmbedTarget | null,
  origin: string | null,
  attendee: string | null,
): PlaybackInfo | null {
  const text = doc.getElementById(RENDERED_ID)?.textContent;
  if (!text || !target) return null;
  let rendered: Partial<Rendered>;
  try {
    rendered = JSON.parse(text) as Partial<Rendered>;
  } catch {
    return null;
  }
  const info = rendered.info;
  if (!info || typeof info !== 'object') return null;
  if (info.kind !== target.kind || String(info.id).toLowerCase() !== target.id.toLowerCase()) return null;
  if ((rendered.origin ?? null) !== origin || rendered.attendee !== (attendee !== null)) return null;
  return info;
}

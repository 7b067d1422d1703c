import type { PlaybackInfo } from '@contract/playback';

/** What the embedding page receives (window `message` events) each time the player learns its state. */
export interface HostMessage {
  source: 'palco-player';
  type: 'playback';
  kind: PlaybackInfo['kind'];
  id: string;
  status: PlaybackInfo['status'];
  /** The stream's analytics measurement ID (its settings), for the embedding page's own analytics tag. */
  analyticsMeasurementId: string | null;
}

/**
 * Tells the embedding page about the playback, with the stream's analytics measurement ID: the player
 * loads no analytics script of its own (its policy runs no other script), so the ID reaches the page
 * that embeds it, which runs its tag. Only to that page's origin; a top-level visit has no host page.
 */
export function announceToHost(
  info: PlaybackInfo,
  origin: string | null,
  win: Pick<Window, 'parent'> & { document: Document } = window,
): HostMessage | null {
  const root = win.document.documentElement;
  if (info.analyticsMeasurementId) root.dataset.analyticsMeasurementId = info.analyticsMeasurementId;
  else delete root.dataset.analyticsMeasurementId;
  if (!origin || win.parent === (win as unknown)) return null;
  const message: HostMessage = {
    source: 'palco-player',
    type: 'playback',
    kind: info.kind,
    id: info.id,
    status: info.status,
    analyticsMeasurementId: info.analyticsMeasurementId,
  };
  win.parent.postMessage(message, origin);
  return message;
}

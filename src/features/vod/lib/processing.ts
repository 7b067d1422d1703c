import type { ProgressItem } from '../api/structs';
import type { UploadItem, UploadStatus } from '../upload/status';

/** SPEC §2.6 / §9: the processing modal monitors up to 100 contents; an item is done at 100 percent. */
export const PROCESSING_LIMIT = 100;

export type ProcessingRow =
  | {
      kind: 'upload';
      key: string;
      videoId: string;
      name: string;
      progress: number;
      status: UploadStatus;
      item: UploadItem;
    }
  | {
      kind: 'transcode';
      key: string;
      videoId: string;
      name: string;
      progress: number;
      /** 'upload' rows the server reports for uploads this browser does not run (another device);
       * 'subtitles': an automatic-subtitles job of the video. */
      type: 'upload' | 'transcode' | 'subtitles';
      /** subtitles rows: the language of the track. */
      language?: string;
      status: 'active' | 'done' | 'failed';
      /** A transcode that waits behind others and has not started (docs/uploads.md "Queued transcodes"). */
      queued?: boolean;
      error?: string | null;
    };

const serverStatus = (p: ProgressItem): 'active' | 'done' | 'failed' => {
  if (p.status === 'failed') return 'failed';
  return p.progress >= 100 || p.status === 'ready' ? 'done' : 'active';
};

/**
 * The modal's rows: this browser's uploads first (oldest first, as they are sent), then the server's
 * list (transcodes, and uploads from elsewhere) in its order; an upload this browser runs is not shown
 * twice. At most PROCESSING_LIMIT rows.
 */
export function processingRows(
  uploads: readonly UploadItem[],
  server: readonly ProgressItem[],
): ProcessingRow[] {
  const rows: ProcessingRow[] = uploads.map((item) => ({
    kind: 'upload',
    key: `u:${item.id}`,
    videoId: item.videoId,
    name: item.name,
    progress: item.progress,
    status: item.status,
    item,
  }));
  const running = new Set(uploads.filter((u) => u.status !== 'done').map((u) => u.videoId));
  for (const p of server) {
    if (p.type === 'upload' && running.has(p.videoId)) continue;
    rows.push({
      kind: 'transcode',
      key: p.type === 'subtitles' ? `s:${p.videoId}:${p.language ?? ''}` : `t:${p.videoId}`,
      videoId: p.videoId,
      name: p.title || p.name || p.videoId,
      progress: Math.min(100, Math.max(0, p.progress)),
      type: p.type,
      ...(p.language ? { language: p.language } : {}),
      status: serverStatus(p),
      ...(p.queued && serverStatus(p) === 'active' ? { queued: true } : {}),
      error: p.error,
    });
  }
  return rows.slice(0, PROCESSING_LIMIT);
}

/** Whether anything is still moving (the progress is then polled even with the modal closed). */
export function anyInProgress(rows: readonly ProcessingRow[]): boolean {
  return rows.some((r) =>
    r.kind === 'upload' ? r.status === 'awaiting' || r.status === 'uploading' : r.status === 'active',
  );
}

/** SPEC §8: one failed content creation, or several. */
export function contentErrorKind(failures: number): 'one' | 'several' | null {
  if (failures <= 0) return null;
  return failures === 1 ? 'one' : 'several';
}

/** Whether an automatic-subtitles job is still running (no account event tells its progress: polled). */
export function subtitlesInProgress(rows: readonly ProcessingRow[]): boolean {
  return rows.some((r) => r.kind === 'transcode' && r.type === 'subtitles' && r.status === 'active');
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranscodeProgress } from '../api/get-transcode-progress';
import { anyInProgress, processingRows, subtitlesInProgress } from '../lib/processing';
import { getUploadEngine } from '../upload/engine-instance';
import { useUploads } from './use-uploads';

/** The processing modal's data: this browser's uploads and the server's progress list, polled every
 * 5 s while the modal is open or anything is in progress (SPEC §2.6, §7, §9). */
export function useProcessing(accountId: string, userId: string | undefined) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const uploads = useUploads(userId);
  const [polling, setPolling] = useState(false);
  const [subtitles, setSubtitles] = useState(false);
  const progress = useTranscodeProgress(accountId, open || polling, subtitles);
  const rows = useMemo(() => processingRows(uploads, progress.data ?? []), [uploads, progress.data]);
  const active = anyInProgress(rows);
  const subtitlesActive = subtitlesInProgress(rows);
  useEffect(() => setSubtitles(subtitlesActive), [subtitlesActive]);
  useEffect(() => setPolling(active), [active]);

  // An upload that just finished starts its transcode on the server: ask at once, and refresh the list.
  const done = uploads.filter((u) => u.status === 'done').length;
  const previous = useRef(done);
  useEffect(() => {
    if (done > previous.current) {
      void progress.refetch();
      void queryClient.invalidateQueries({ queryKey: ['vod', accountId, 'videos'] });
    }
    previous.current = done;
  }, [done, progress, queryClient, accountId]);

  // Opening the modal reads the server's list at once: while the account's events arrive the list is not
  // polled, and a viewer opening it asks for what is true now, not for the last event's picture.
  const setOpenAndRead = (next: boolean) => {
    setOpen(next);
    if (next) void progress.refetch();
  };

  const engine = getUploadEngine();
  return {
    open,
    setOpen: setOpenAndRead,
    rows,
    activeCount: rows.filter((r) =>
      r.kind === 'upload' ? r.status !== 'done' && r.status !== 'failed' : r.status === 'active',
    ).length,
    actions: {
      onPickFile: (id: string, file: File) => engine.provideFile(id, file),
      onRetry: (id: string) => engine.retry(id),
      onDismiss: (id: string) => void engine.dismiss(id),
    },
  };
}

import type { VideoStatus as Status } from '@contract/videos';
import { useLingui } from '@lingui/react/macro';
import * as lists from '@/components/ui/list.css';
import * as css from './status.css';

/** A video's status as a coloured label; uploading and processing show their percent. A processing
 * video whose transcode has not started says "Na fila" instead of "Processando 0%": it waits behind
 * other transcodes, nothing is stuck (docs/uploads.md "Queued transcodes"). */
export function VideoStatus({
  video,
}: {
  video: { status: Status; progress: number; queued?: boolean; error?: string | null };
}) {
  const { t } = useLingui();
  const labels: Record<Status, string> = {
    awaiting_upload: t`Aguardando envio`,
    uploading: t`Enviando`,
    processing: t`Processando`,
    ready: t`Pronto`,
    failed: t`Falhou`,
  };
  const queued = video.status === 'processing' && video.queued === true;
  const moving = !queued && (video.status === 'uploading' || video.status === 'processing');
  return (
    <span
      className={css.videoStatus}
      data-status={video.status}
      data-queued={queued ? '' : undefined}
      data-testid="video-status"
      title={video.status === 'failed' ? (video.error ?? undefined) : undefined}
    >
      <span className={lists.statusDot} aria-hidden="true" />
      {queued ? t`Na fila` : labels[video.status]}
      {moving ? ` ${Math.round(video.progress)}%` : null}
    </span>
  );
}

/** Why a video failed, shown where its "Falhou" is (a library row or card), not only in the
 * processing panel: the reason says what to do, e.g. that the file is not a video (docs/uploads.md
 * "Failure reasons"). */
export function VideoFailure({ video }: { video: { status: Status; error?: string | null } }) {
  if (video.status !== 'failed' || !video.error) return null;
  return (
    <span className={css.failure} data-testid="video-error">
      {video.error}
    </span>
  );
}

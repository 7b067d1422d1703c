import type { VideoStatus as Status } from '@contract/videos';
import { useLingui } from '@lingui/react/macro';
import * as lists from '@/components/ui/list.css';
import * as css from './status.css';

/** A video's status as a coloured label; uploading and processing show their percent. */
export function VideoStatus({
  video,
}: {
  video: { status: Status; progress: number; error?: string | null };
}) {
  const { t } = useLingui();
  const labels: Record<Status, string> = {
    awaiting_upload: t`Aguardando envio`,
    uploading: t`Enviando`,
    processing: t`Processando`,
    ready: t`Pronto`,
    failed: t`Falhou`,
  };
  const moving = video.status === 'uploading' || video.status === 'processing';
  return (
    <span
      className={css.videoStatus}
      data-status={video.status}
      data-testid="video-status"
      title={video.status === 'failed' ? (video.error ?? undefined) : undefined}
    >
      <span className={lists.statusDot} aria-hidden="true" />
      {labels[video.status]}
      {moving ? ` ${Math.round(video.progress)}%` : null}
    </span>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Dialog } from '@/components/ui/dialog';
import * as layout from '@/components/ui/layout.css';
import { formatDuration } from '@/lib/intl';
import { useVideo } from '../api/get-video';
import type { Video } from '../api/structs';
import * as css from './dialogs.css';

// The player component (and through it shaka) loads when a preview opens.
const HlsPlayer = lazy(() => import('./hls-player').then((m) => ({ default: m.HlsPlayer })));

export interface PreviewDialogProps {
  accountId: string;
  video: Video | null;
  onClose: () => void;
  variant: 'modal' | 'sheet';
}

/** Watches a ready video (HLS through shaka), with fresh signed URLs. */
export function PreviewDialog({ accountId, video, onClose, variant }: PreviewDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog
      open={video !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={video?.title ?? ''}
      closeLabel={t`Fechar`}
      className={css.wide}
      variant={variant}
    >
      {video ? <PreviewBody accountId={accountId} video={video} /> : null}
    </Dialog>
  );
}

function PreviewBody({ accountId, video }: { accountId: string; video: Video }) {
  const { t } = useLingui();
  const fresh = useVideo(accountId, video.id);
  const current = fresh.data ?? video;
  const duration = formatDuration(current.duration);
  const renditions = current.renditions.map((r) => r.name).join(', ');
  return (
    <div className={css.form}>
      {current.hlsUrl ? (
        <Suspense fallback={<div className={css.player} aria-busy="true" />}>
          <HlsPlayer
            src={current.hlsUrl}
            title={t`Pré-visualização: ${current.title}`}
            subtitles={current.subtitles}
          />
        </Suspense>
      ) : (
        <p className={layout.muted}>
          <Trans>Este vídeo ainda não está pronto para assistir.</Trans>
        </p>
      )}
      <p className={css.meta}>
        {duration ? (
          <span>
            <Trans>Duração: {duration}</Trans>
          </span>
        ) : null}
        {renditions ? (
          <span>
            <Trans>Qualidades: {renditions}</Trans>
          </span>
        ) : null}
      </p>
    </div>
  );
}

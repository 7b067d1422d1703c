import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { notify } from '@/components/ui/notify';
import { ApiError } from '@/lib/api-client';
import { useDeleteVideo } from '../api/delete-video';
import type { Video } from '../api/structs';
import { getUploadEngine } from '../upload/engine-instance';
import * as css from './dialogs.css';

export interface DeleteVideoDialogProps {
  video: Video | null;
  onClose: () => void;
}

/** Deleting asks first; the video and its media are gone for good. */
export function DeleteVideoDialog({ video, onClose }: DeleteVideoDialogProps) {
  const { t } = useLingui();
  const remove = useDeleteVideo();
  const title = video?.title ?? '';
  return (
    <Dialog
      open={video !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={<Trans>Excluir vídeo</Trans>}
      description={
        <Trans>
          Tem certeza que deseja excluir “{title}”? O vídeo e seus arquivos serão removidos e esta ação não
          pode ser desfeita.
        </Trans>
      }
      closeLabel={t`Fechar`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            <Trans>Cancelar</Trans>
          </Button>
          <Button
            className={css.danger}
            busy={remove.isPending}
            onClick={() =>
              video &&
              remove.mutate(video.id, {
                onSuccess: () => {
                  // An upload of it still queued here has nowhere to go.
                  void getUploadEngine().remove(video.id);
                  notify('success', t`Vídeo excluído`);
                  onClose();
                },
                // A 5xx already shows the app's 'Ops'.
                onError: (e) => {
                  if (!(e instanceof ApiError) || e.status < 500)
                    notify('error', t`Não foi possível excluir o vídeo.`);
                },
              })
            }
          >
            <Trans>Excluir</Trans>
          </Button>
        </>
      }
    />
  );
}

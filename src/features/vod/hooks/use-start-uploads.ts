import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { notify } from '@/components/ui/notify';
import { ApiError } from '@/lib/api-client';
import { createContent } from '../api/create-content';
import { titleFromFileName } from '../lib/format';
import { contentErrorKind } from '../lib/processing';
import { getUploadEngine } from '../upload/engine-instance';

interface Target {
  accountId: string | undefined;
  userId: string | undefined;
  directoryId: string | null;
}

/**
 * SPEC §4 Upload: for each file a content item is created first (create content → videoId), then the
 * file joins the upload queue. Failures are counted; after the last file one error is shown (§8:
 * 'Erro ao criar este conteúdo…' or, for several, 'Erro ao criar estes conteúdos…') and the uploading
 * flag is cleared. A blocked account (403) goes to /blocked. An empty file (0 bytes) is refused before
 * anything is created, with a message of its own: retrying cannot help (docs/uploads.md "Empty files").
 */
export function useStartUploads({ accountId, userId, directoryId }: Target) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [uploading, setUploading] = useState(false);

  const start = async (files: File[]): Promise<number> => {
    if (!accountId || !userId || files.length === 0) return 0;
    setUploading(true);
    const engine = getUploadEngine();
    void engine.start();
    let failures = 0;
    let blocked = false;
    let created = 0;
    const empty = files.filter((file) => file.size === 0).map((file) => file.name);
    try {
      // An empty file has nothing to upload: the server would refuse it after the content exists.
      for (const file of files.filter((f) => f.size > 0)) {
        try {
          const { videoId } = await createContent({
            title: titleFromFileName(file.name),
            directoryId,
            accountId,
          });
          created++;
          void engine.enqueue(
            {
              id: videoId,
              videoId,
              accountId,
              userId,
              name: file.name,
              size: file.size,
              type: file.type,
              lastModified: file.lastModified,
              offset: 0,
              attempts: 0,
              status: 'awaiting',
              progress: 0,
              fileStored: false,
              createdAt: Date.now(),
            },
            file,
          );
        } catch (error) {
          failures++;
          if (error instanceof ApiError && error.status === 403) blocked = true;
        }
      }
    } finally {
      setUploading(false);
      void queryClient.invalidateQueries({ queryKey: ['vod'] });
    }
    if (empty.length > 0) {
      const names = empty.join(', ');
      if (empty.length === 1)
        notify(
          'error',
          t`Arquivo vazio`,
          t`${names} tem 0 bytes: não há vídeo para enviar. Escolha outro arquivo.`,
        );
      else
        notify(
          'error',
          t`Arquivos vazios`,
          t`${names} têm 0 bytes: não há vídeo para enviar. Escolha outros arquivos.`,
        );
    }
    if (blocked) {
      void navigate({ to: '/blocked' });
    } else {
      const kind = contentErrorKind(failures);
      if (kind === 'one') notify('error', t`Erro ao criar este conteúdo, tente novamente.`);
      if (kind === 'several') notify('error', t`Erro ao criar estes conteúdos, tente novamente.`);
    }
    return created;
  };

  return { start, uploading };
}

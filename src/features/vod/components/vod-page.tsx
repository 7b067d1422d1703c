import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { FileDropzone, type FileDropzoneHandle } from '@/components/ui/file-upload';
import { SearchIcon } from '@/components/ui/icon';
import * as layout from '@/components/ui/layout.css';
import { ListError, listFailed, listQueryState } from '@/components/ui/list-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useIsMobile } from '@/lib/use-media-query';
import { useLinkedVideo } from '../api/get-video';
import type { Video } from '../api/structs';
import { useLibrary } from '../hooks/use-library';
import { useProcessing } from '../hooks/use-processing';
import { useStartUploads } from '../hooks/use-start-uploads';
import { MAX_SEARCH_LENGTH } from '../lib/search';
import { getUploadEngine, setUploadNavigator } from '../upload/engine-instance';
import { CreateFolderDialog } from './create-folder-dialog';
import { DeleteVideoDialog } from './delete-video-dialog';
import { EditVideoDialog } from './edit-video-dialog';
import { ActivityIcon } from './icons';
import { Breadcrumb, FolderList, VideoSection } from './library-view';
import { PreviewDialog } from './preview-dialog';
import { ProcessingDialog } from './processing-dialog';
import * as css from './vod.css';

const VIDEO_TYPES = ['video/*', '.mp4', '.mov', '.m4v', '.mkv', '.webm', '.avi', '.mpg', '.mpeg', '.ts'];
const MAX_FILES_AT_ONCE = 50;

/** /vod/dashboard: the video library of the selected team (folders, videos, uploads, processing). */
export function VodPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Video on Demand`);
  const router = useRouter();
  const mobile = useIsMobile();
  const lib = useLibrary();
  const processing = useProcessing(lib.accountId, lib.userId);
  const uploads = useStartUploads({
    accountId: lib.accountId,
    userId: lib.userId,
    directoryId: lib.folderId,
  });
  const dropzone = useRef<FileDropzoneHandle>(null);
  const [folderOpen, setFolderOpen] = useState(false);
  const [editing, setEditing] = useState<Video | null>(null);
  const [deleting, setDeleting] = useState<Video | null>(null);
  const [previewing, setPreviewing] = useState<Video | null>(null);
  // A link to one video (?videoId=, e.g. a live's recording from /historic) opens its preview.
  const linkedId = lib.search.videoId;
  const linked = useLinkedVideo(lib.accountId, linkedId);
  const shown = previewing ?? (linked.data?.id === linkedId ? (linked.data ?? null) : null);
  const closePreview = () => {
    setPreviewing(null);
    if (linkedId) void lib.update({ videoId: undefined }, true);
  };
  const [q, setQ] = useState(lib.search.q ?? '');
  // The box follows the address (back, forward, a link), except when the address only catches up with
  // a search the user just sent: the router commits it after the list loads, and by then the user may
  // have typed the next one, which must not be replaced by the previous.
  const sent = useRef<{ q: string | undefined } | null>(null);
  useEffect(() => {
    const fromAddress = lib.search.q;
    if (sent.current && sent.current.q === fromAddress) {
      sent.current = null;
      return;
    }
    sent.current = null;
    setQ(fromAddress ?? '');
  }, [lib.search.q]);

  // Opening the library resumes any upload left unfinished (another page load, the network, a crash).
  useEffect(() => {
    void getUploadEngine().start();
    return setUploadNavigator((to) => void router.navigate({ to }));
  }, [router]);

  const upload = async (files: File[]) => {
    const created = await uploads.start(files);
    if (created > 0) processing.setOpen(true);
  };
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    const next = q.trim() || undefined;
    if (next !== lib.search.q) sent.current = { q: next };
    lib.update({ q: next });
  };
  const variant = mobile ? 'sheet' : 'modal';
  // Folders and videos are one list to the user: either failing shows one error state (or one note over
  // the data kept from before), and "Tentar novamente" asks for both again.
  const videosState = listQueryState(lib.videos);
  const foldersState = listQueryState(lib.directories);
  const listState = {
    failed: videosState.failed || foldersState.failed,
    updatedAt:
      videosState.updatedAt === undefined || foldersState.updatedAt === undefined
        ? undefined
        : Math.min(videosState.updatedAt, foldersState.updatedAt),
    onRetry: () => {
      if (videosState.failed) videosState.onRetry();
      if (foldersState.failed) foldersState.onRetry();
    },
    retrying: videosState.retrying || foldersState.retrying,
  };
  const failed = listFailed(listState);

  return (
    <section className={layout.page} aria-labelledby="vod-title">
      <div className={layout.pageHeader}>
        <h1 id="vod-title" className={layout.pageTitle}>
          <Trans>Video on Demand</Trans>
        </h1>
        <div className={layout.actions}>
          <Button variant="secondary" className={css.action} onClick={() => processing.setOpen(true)}>
            <ActivityIcon />
            <Trans>Processamento</Trans>
            {processing.activeCount > 0 ? (
              <span className={layout.countBadge} data-testid="processing-count">
                <span className={layout.visuallyHidden}>
                  <Trans>em andamento:</Trans>
                </span>
                {processing.activeCount}
              </span>
            ) : null}
          </Button>
          <Button variant="secondary" className={css.action} onClick={() => setFolderOpen(true)}>
            <Trans>Nova pasta</Trans>
          </Button>
          <Button
            className={css.action}
            busy={uploads.uploading}
            onClick={() => dropzone.current?.openPicker()}
          >
            <Trans>Enviar vídeos</Trans>
          </Button>
        </div>
      </div>

      <Breadcrumb settings={lib.folderId ? lib.settings.data : undefined} />

      <search aria-label={t`Buscar vídeos`}>
        <form className={css.searchForm} onSubmit={submitSearch}>
          <TextField
            name="search"
            type="search"
            label={<Trans>Buscar vídeos</Trans>}
            value={q}
            maxLength={MAX_SEARCH_LENGTH}
            onChange={(e) => setQ(e.target.value)}
            className={css.searchField}
          />
          <Button type="submit" variant="secondary" aria-label={t`Buscar`} className={css.searchButton}>
            <SearchIcon />
          </Button>
        </form>
      </search>

      <FileDropzone
        name="file"
        handleRef={dropzone}
        label={t`Enviar vídeos: arraste os arquivos para cá ou clique para escolher`}
        title={<Trans>Arraste vídeos para cá ou clique para escolher</Trans>}
        hint={<Trans>Vários arquivos de uma vez. Se a conexão cair, o envio continua de onde parou.</Trans>}
        accept={VIDEO_TYPES}
        maxFiles={MAX_FILES_AT_ONCE}
        disabled={uploads.uploading}
        onFiles={(files) => void upload(files)}
      />

      <ListError {...listState} />
      {failed ? null : <FolderList folders={lib.folders} />}

      {failed ? null : (
        <VideoSection
          videos={lib.videos.data?.items}
          loading={lib.videos.isPending || lib.videos.isPlaceholderData}
          searching={Boolean(lib.search.q)}
          foldersFound={lib.folders.length > 0}
          mobile={mobile}
          page={lib.page}
          pagesTotal={lib.videos.data?.pagination.pagesTotal ?? 0}
          onPage={(page) => lib.update({ page })}
          onPreview={setPreviewing}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      )}

      <CreateFolderDialog open={folderOpen} onOpenChange={setFolderOpen} parentId={lib.folderId} />
      <EditVideoDialog accountId={lib.accountId} video={editing} onClose={() => setEditing(null)} />
      <DeleteVideoDialog video={deleting} onClose={() => setDeleting(null)} />
      <PreviewDialog accountId={lib.accountId} video={shown} onClose={closePreview} variant={variant} />
      <ProcessingDialog
        open={processing.open}
        onOpenChange={processing.setOpen}
        rows={processing.rows}
        variant={variant}
        {...processing.actions}
      />
    </section>
  );
}

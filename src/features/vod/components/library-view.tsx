import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { FolderBreadcrumb } from '@/components/ui/folder-breadcrumb';
import * as layout from '@/components/ui/layout.css';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import type { Directory, DirectorySettings, Video } from '../api/structs';
import { folderVideos } from '../lib/counts';
import { FolderIcon } from './icons';
import { VideoCards, type VideoListProps, VideoTable } from './video-list';
import * as css from './vod.css';

/** The open folder's path (its settings' `path`): each step opens that folder in the library. */
export function Breadcrumb({ settings }: { settings: DirectorySettings | undefined }) {
  return (
    <FolderBreadcrumb
      path={settings?.path ?? []}
      linkOf={(folder) => ({ to: '/vod/dashboard', search: folder ? { folder } : {} })}
    />
  );
}

export function FolderList({ folders }: { folders: readonly Directory[] }) {
  const { i18n } = useLingui();
  if (folders.length === 0) return null;
  return (
    <section className={css.section} aria-labelledby="vod-folders">
      <h2 id="vod-folders" className={css.sectionTitle}>
        <Trans>Pastas</Trans>
      </h2>
      <ul className={css.folders}>
        {folders.map((f) => (
          <li key={f.id}>
            <Link to="/vod/dashboard" search={{ folder: f.id }} className={css.folder} data-testid="folder">
              <FolderIcon className={css.folderIcon} />
              <span className={css.folderText}>
                <span className={css.folderName}>{f.name}</span>
                <span className={css.muted}>{i18n._(folderVideos(f.videoCount))}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface VideoSectionProps extends Omit<VideoListProps, 'videos'> {
  videos: readonly Video[] | undefined;
  loading: boolean;
  searching: boolean;
  /** The search found folders (listed above): an empty video list then says only that no video matched. */
  foldersFound?: boolean;
  mobile: boolean;
  page: number;
  pagesTotal: number;
  onPage: (page: number) => void;
}

export function VideoSection({
  videos,
  loading,
  searching,
  foldersFound,
  mobile,
  page,
  pagesTotal,
  onPage,
  ...handlers
}: VideoSectionProps) {
  const { t } = useLingui();
  const empty = !loading && (!videos || videos.length === 0);
  return (
    <section className={css.section} aria-labelledby="vod-videos" aria-busy={loading || undefined}>
      <h2 id="vod-videos" className={css.sectionTitle}>
        <Trans>Vídeos</Trans>
      </h2>
      <div className={css.surface}>
        {loading ? (
          <div className={css.empty}>
            <p role="status" className={layout.visuallyHidden}>
              <Trans>Carregando vídeos…</Trans>
            </p>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={48} />
            ))}
          </div>
        ) : empty ? (
          <div className={css.empty} data-testid="videos-empty">
            <p className={css.emptyTitle}>
              {searching && foldersFound ? (
                <Trans>Nenhum vídeo encontrado</Trans>
              ) : searching ? (
                <Trans>Nenhum resultado encontrado</Trans>
              ) : (
                <Trans>Nenhum vídeo aqui ainda</Trans>
              )}
            </p>
            <p className={css.emptyText}>
              {searching && foldersFound ? (
                <Trans>As pastas encontradas estão acima.</Trans>
              ) : searching ? (
                <Trans>Tente novamente com outra palavra-chave.</Trans>
              ) : (
                <Trans>Envie vídeos arrastando os arquivos para a área acima.</Trans>
              )}
            </p>
          </div>
        ) : mobile ? (
          <VideoCards videos={videos ?? []} {...handlers} />
        ) : (
          <VideoTable videos={videos ?? []} {...handlers} />
        )}
      </div>
      {pagesTotal > 1 && !empty ? (
        <div className={css.footer}>
          <Pagination
            page={page}
            pagesTotal={pagesTotal}
            onPageChange={onPage}
            label={t`Paginação dos vídeos`}
          />
        </div>
      ) : null}
    </section>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { VideoFailure, VideoStatus } from '@/components/status/video-status';
import * as layout from '@/components/ui/layout.css';
import { formatDuration, shortDateTime } from '@/lib/intl';
import type { Video } from '../api/structs';
import { EditIcon, FilmIcon, PlayIcon, TrashIcon } from './icons';
import * as css from './video-list.css';

export interface VideoListProps {
  videos: readonly Video[];
  onPreview: (video: Video) => void;
  onEdit: (video: Video) => void;
  onDelete: (video: Video) => void;
}

function Thumbnail({ video, className }: { video: Video; className?: string }) {
  return video.thumbnailUrl ? (
    <img
      src={video.thumbnailUrl}
      alt=""
      className={[css.thumb, className].filter(Boolean).join(' ')}
      loading="lazy"
      width={96}
      height={54}
    />
  ) : (
    <span className={[css.thumbEmpty, className].filter(Boolean).join(' ')}>
      <FilmIcon />
    </span>
  );
}

function useDate() {
  const { i18n } = useLingui();
  return (iso: string) => shortDateTime(new Date(iso), i18n.locale);
}

function Actions({ video, onPreview, onEdit, onDelete }: Omit<VideoListProps, 'videos'> & { video: Video }) {
  const { t } = useLingui();
  return (
    <>
      <button
        type="button"
        className={css.iconButton}
        onClick={() => onPreview(video)}
        disabled={!video.hlsUrl}
        aria-label={t`Assistir ${video.title}`}
        title={t`Assistir`}
      >
        <PlayIcon />
      </button>
      <button
        type="button"
        className={css.iconButton}
        onClick={() => onEdit(video)}
        aria-label={t`Editar ${video.title}`}
        title={t`Editar`}
      >
        <EditIcon />
      </button>
      <button
        type="button"
        className={css.iconButton}
        data-danger=""
        onClick={() => onDelete(video)}
        aria-label={t`Excluir ${video.title}`}
        title={t`Excluir`}
      >
        <TrashIcon />
      </button>
    </>
  );
}

/** Desktop: one row per video (thumbnail, title, duration, status, date, actions). */
export function VideoTable({ videos, ...handlers }: VideoListProps) {
  const date = useDate();
  return (
    <table className={css.table}>
      <thead>
        <tr>
          <th className={css.th} scope="col">
            <span className={layout.visuallyHidden}>
              <Trans>Miniatura</Trans>
            </span>
          </th>
          <th className={css.th} scope="col">
            <Trans>Título</Trans>
          </th>
          <th className={css.th} scope="col">
            <Trans>Duração</Trans>
          </th>
          <th className={css.th} scope="col">
            <Trans>Status</Trans>
          </th>
          <th className={css.th} scope="col">
            <Trans>Data</Trans>
          </th>
          <th className={`${css.th} ${css.end}`} scope="col">
            <Trans>Ações</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {videos.map((video) => (
          <tr key={video.id} data-testid="video-row" data-video-id={video.id}>
            <td className={css.td}>
              <Thumbnail video={video} />
            </td>
            <td className={`${css.td} ${css.titleCell}`}>
              <span className={css.videoTitle}>{video.title}</span>
            </td>
            <td className={`${css.td} ${css.nowrap}`}>{formatDuration(video.duration) ?? '—'}</td>
            <td className={css.td}>
              <VideoStatus video={video} />
              <VideoFailure video={video} />
            </td>
            <td className={`${css.td} ${css.nowrap}`}>
              <time dateTime={video.createdAt}>{date(video.createdAt)}</time>
            </td>
            <td className={css.td}>
              <div className={css.rowActions}>
                <Actions video={video} {...handlers} />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Phones (below 930 px): one card per video. */
export function VideoCards({ videos, ...handlers }: VideoListProps) {
  const date = useDate();
  return (
    <ul className={css.cards}>
      {videos.map((video) => (
        <li key={video.id} className={css.card} data-testid="video-row" data-video-id={video.id}>
          <Thumbnail video={video} className={css.cardThumb} />
          <div className={css.cardBody}>
            <span className={css.videoTitle}>{video.title}</span>
            <div className={css.cardMeta}>
              <VideoStatus video={video} />
              <span>{formatDuration(video.duration) ?? '—'}</span>
              <time dateTime={video.createdAt}>{date(video.createdAt)}</time>
            </div>
            <VideoFailure video={video} />
          </div>
          <div className={css.cardActions}>
            <Actions video={video} {...handlers} />
          </div>
        </li>
      ))}
    </ul>
  );
}

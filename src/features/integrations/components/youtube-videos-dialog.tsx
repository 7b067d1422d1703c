import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from '@/components/ui/dialog';
import { ListError, listQueryState } from '@/components/ui/list-error';
import { Skeleton } from '@/components/ui/skeleton';
import { shortDateTime } from '@/lib/intl';
import { useYoutubeVideos } from '../api/youtube-videos';
import * as css from './integrations.css';

/** SPEC §2.4 YouTube modal: the connected channel's latest videos, each a link to YouTube. */
export function YoutubeVideosDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const videos = useYoutubeVideos(open);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={<Trans>Vídeos do canal</Trans>}
      closeLabel={t`Fechar`}
    >
      <ListError {...listQueryState(videos)} />
      {videos.data === undefined ? (
        videos.isError ? null : (
          <Skeleton height="3em" />
        )
      ) : videos.data.length === 0 ? (
        <p>
          <Trans>Nenhum vídeo no canal.</Trans>
        </p>
      ) : (
        <ul className={css.videos}>
          {videos.data.map((video) => (
            <li key={video.id} className={css.video}>
              {video.thumbnailUrl ? (
                <img
                  className={css.thumb}
                  src={video.thumbnailUrl}
                  alt=""
                  width={96}
                  height={54}
                  loading="lazy"
                />
              ) : null}
              <span>
                <a href={video.url} target="_blank" rel="noopener noreferrer">
                  {video.title}
                </a>
                <br />
                <span>{shortDateTime(new Date(video.publishedAt), i18n.locale)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

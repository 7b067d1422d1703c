import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { EmbedLinks } from '@/components/embed/embed-links';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import * as formStyles from '@/components/ui/form.css';
import { notify } from '@/components/ui/notify';
import { ApiError } from '@/lib/api-client';
import { vodPlayerUrl } from '@/lib/embed-links';
import { usePublicUrl } from '@/lib/public-url';
import { useTotalLikes } from '../api/get-total-likes';
import { useVideo } from '../api/get-video';
import type { Video } from '../api/structs';
import { updateVideo } from '../api/update-video';
import { uploadEndScreen } from '../api/upload-end-screen';
import { uploadThumbnail } from '../api/upload-thumbnail';
import { useBlockedRedirect } from '../hooks/use-blocked-redirect';
import { MAX_TITLE_LENGTH } from '../lib/format';
import * as css from './dialogs.css';
import { ImageField } from './image-field';
import { SubtitlesSection } from './subtitles-section';

const MAX_DESCRIPTION = 5000;
const IMAGE_NAMES = ['thumbnail', 'endScreen'] as const;
type ImageName = (typeof IMAGE_NAMES)[number];

export interface EditVideoDialogProps {
  accountId: string;
  video: Video | null;
  onClose: () => void;
}

/** Editing a video: title, description, thumbnail and end screen, all saved by "Salvar" (a picked image
 * is only previewed until then; closing the dialog keeps the stored one), and subtitles. */
export function EditVideoDialog({ accountId, video, onClose }: EditVideoDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog
      open={video !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={<Trans>Editar vídeo</Trans>}
      closeLabel={t`Fechar`}
      className={css.wide}
    >
      {video ? <EditVideoForm accountId={accountId} initial={video} onClose={onClose} /> : null}
    </Dialog>
  );
}

function EditVideoForm({
  accountId,
  initial,
  onClose,
}: {
  accountId: string;
  initial: Video;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const formId = useId();
  const queryClient = useQueryClient();
  // The freshest copy (signed image URLs, subtitles) replaces the list's as soon as it arrives.
  const fresh = useVideo(accountId, initial.id);
  const video = fresh.data ?? initial;
  const likes = useTotalLikes(accountId, initial.id);
  const [title, setTitle] = useState(initial.title);
  const [description, setDescription] = useState(initial.description);
  const [errors, setErrors] = useState<{ title?: string; description?: string; form?: string }>({});
  // Images picked and not saved yet, and the server's refusal of one, per field.
  const [images, setImages] = useState<Record<ImageName, File | null>>({ thumbnail: null, endScreen: null });
  const [imageErrors, setImageErrors] = useState<Partial<Record<ImageName, string>>>({});
  const [saving, setSaving] = useState(false);
  const blocked = useBlockedRedirect();

  const refresh = (next?: Video) => {
    if (next) queryClient.setQueryData(['vod', accountId, 'video', next.id], next);
    void queryClient.invalidateQueries({ queryKey: ['vod'] });
  };
  const pickImage = (name: ImageName) => (file: File | null) => {
    setImages((prev) => ({ ...prev, [name]: file }));
    setImageErrors((prev) => ({ ...prev, [name]: undefined }));
  };

  /** The picked images first (each one stored is no longer pending, so a retry sends only the rest),
   * then title and description. Stops at the first refusal, shown by its field; the dialog stays. */
  const save = async (value: string) => {
    const uploads: Record<ImageName, (id: string, file: File) => Promise<Video>> = {
      thumbnail: uploadThumbnail,
      endScreen: uploadEndScreen,
    };
    for (const name of IMAGE_NAMES) {
      const file = images[name];
      if (!file) continue;
      try {
        refresh(await uploads[name](video.id, file));
        pickImage(name)(null);
      } catch (e) {
        if (blocked(e)) return;
        if (e instanceof ApiError && e.status < 500) setImageErrors({ [name]: e.message });
        return;
      }
    }
    try {
      refresh(await updateVideo(video.id, { title: value, description }));
    } catch (e) {
      if (e instanceof ApiError && e.status < 500) setErrors({ form: e.message });
      return;
    }
    notify('success', t`Vídeo atualizado`);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const value = title.trim();
    const next: typeof errors = {};
    if (!value) next.title = t`O campo é obrigatório`;
    else if (value.length > MAX_TITLE_LENGTH) next.title = t`O tamanho máximo é ${MAX_TITLE_LENGTH}`;
    if (description.length > MAX_DESCRIPTION) next.description = t`O tamanho máximo é ${MAX_DESCRIPTION}`;
    setErrors(next);
    if (next.title || next.description) return;
    setSaving(true);
    void save(value).finally(() => setSaving(false));
  };

  return (
    <div className={css.form}>
      <form id={formId} className={css.form} onSubmit={submit} noValidate>
        <TextField
          name="title"
          label={<Trans>Título</Trans>}
          value={title}
          maxLength={MAX_TITLE_LENGTH}
          required
          error={errors.title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <div className={css.textareaField}>
          <label htmlFor={`${formId}-description`} className={formStyles.fieldLabel}>
            <Trans>Descrição</Trans>
          </label>
          <textarea
            id={`${formId}-description`}
            name="description"
            className={formStyles.textarea}
            value={description}
            maxLength={MAX_DESCRIPTION}
            aria-invalid={errors.description ? true : undefined}
            onChange={(e) => setDescription(e.target.value)}
          />
          {errors.description ? <p className={css.fieldError}>{errors.description}</p> : null}
        </div>
        {errors.form ? (
          <p role="alert" className={css.fieldError}>
            {errors.form}
          </p>
        ) : null}
      </form>
      <div className={css.images}>
        <ImageField
          name="thumbnail"
          label={t`Miniatura`}
          current={video.thumbnailUrl}
          pending={images.thumbnail}
          onPendingChange={pickImage('thumbnail')}
          error={imageErrors.thumbnail}
          disabled={saving}
        />
        <ImageField
          name="endScreen"
          label={t`Tela final`}
          current={video.endScreenUrl}
          pending={images.endScreen}
          onPendingChange={pickImage('endScreen')}
          error={imageErrors.endScreen}
          disabled={saving}
        />
      </div>
      <SubtitlesSection accountId={accountId} video={video} onChanged={refresh} />
      <EmbedSection video={video} />
      {likes.data ? (
        <p className={css.meta}>
          <Trans>Curtidas: {likes.data.totalLikes}</Trans>
        </p>
      ) : null}
      <div className={css.footerRow}>
        <Button variant="secondary" onClick={onClose}>
          <Trans>Cancelar</Trans>
        </Button>
        <Button type="submit" form={formId} busy={saving}>
          <Trans>Salvar</Trans>
        </Button>
      </div>
    </div>
  );
}

/** The video's embed player, to put on a site (docs/playback.md "Embed links"): the same link and
 * iframe snippet a live's panel offers; the snippet is known from the video's id, so it is offered before
 * the video is ready too (it plays once it is). */
function EmbedSection({ video }: { video: Video }) {
  const publicUrl = usePublicUrl();
  return (
    <fieldset className={css.group} data-testid="video-embed">
      <legend className={css.legend}>
        <Trans>Incorporar</Trans>
      </legend>
      <EmbedLinks player={vodPlayerUrl(publicUrl, video.id)} title={video.title} />
    </fieldset>
  );
}

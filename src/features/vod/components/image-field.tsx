import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { FileDropzone } from '@/components/ui/file-upload';
import { notify } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import type { Video } from '../api/structs';
import { useBlockedRedirect } from '../hooks/use-blocked-redirect';
import { checkImage } from '../lib/image-rules';
import * as css from './dialogs.css';
import { FilmIcon } from './icons';

export interface ImageFieldProps {
  /** The multipart field's purpose, also the hidden input's name ('thumbnail', 'endScreen'). */
  name: string;
  label: string;
  current: string | null;
  upload: (file: File) => Promise<Video>;
  onUploaded: (video: Video) => void;
  success: string;
}

/** An image of the video (thumbnail, end screen): SPEC §5's rules are checked here before sending
 * ('Tamanho da imagem excedeu limite de 10MB!', 'O formato da imagem é inválido!'); the server checks
 * them again. A valid image is sent at once. */
export function ImageField({ name, label, current, upload, onUploaded, success }: ImageFieldProps) {
  const { t } = useLingui();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const blocked = useBlockedRedirect();
  const errorId = `${name}-error`;

  const pick = async ([file]: File[]) => {
    if (!file) return;
    setError(undefined);
    const problem = await checkImage(file);
    if (problem === 'too-large') return setError(t`Tamanho da imagem excedeu limite de 10MB!`);
    if (problem === 'bad-format') return setError(t`O formato da imagem é inválido!`);
    setBusy(true);
    try {
      onUploaded(await upload(file));
      notify('success', success);
    } catch (e) {
      if (blocked(e)) return;
      if (e instanceof ApiError && e.status < 500) setError(e.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={css.textareaField} aria-busy={busy || undefined}>
      <span className={css.label}>{label}</span>
      {current ? (
        <img src={current} alt={label} className={css.preview} />
      ) : (
        <span className={css.previewEmpty}>
          <FilmIcon />
        </span>
      )}
      <FileDropzone
        name={name}
        compact
        label={t`${label}: escolher imagem`}
        title={busy ? <Trans>Enviando…</Trans> : <Trans>Escolher imagem</Trans>}
        hint={<Trans>PNG, JPEG ou WebP até 10MB.</Trans>}
        disabled={busy}
        onFiles={(files) => void pick(files)}
      />
      {error ? (
        <p id={errorId} role="alert" className={css.fieldError} data-testid={`${name}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

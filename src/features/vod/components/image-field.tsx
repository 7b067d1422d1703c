import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FileDropzone } from '@/components/ui/file-upload';
import * as formStyles from '@/components/ui/form.css';
import * as layout from '@/components/ui/layout.css';
import { checkImage } from '../lib/image-rules';
import * as css from './dialogs.css';
import { FilmIcon } from './icons';

export interface ImageFieldProps {
  /** The multipart field's purpose, also the hidden input's name ('thumbnail', 'endScreen'). */
  name: string;
  label: string;
  /** The stored image's URL. */
  current: string | null;
  /** The image picked and not saved yet. */
  pending: File | null;
  onPendingChange: (file: File | null) => void;
  /** The server's answer to the last save of this image, if it refused it. */
  error?: string | undefined;
  disabled?: boolean;
}

/** An image of the video (thumbnail, end screen). Picking one only shows it: the dialog's "Salvar"
 * sends it, and closing the dialog leaves the stored image as it was. SPEC §5's rules are checked
 * when it is picked ('Tamanho da imagem excedeu limite de 10MB!', 'O formato da imagem é inválido!');
 * the server checks them again. */
export function ImageField({
  name,
  label,
  current,
  pending,
  onPendingChange,
  error: saveError,
  disabled,
}: ImageFieldProps) {
  const { t } = useLingui();
  const [pickError, setPickError] = useState<string>();
  const previewUrl = usePreviewUrl(pending);
  const errorId = `${name}-error`;
  const error = pickError ?? saveError;

  const pick = async ([file]: File[]) => {
    if (!file) return;
    setPickError(undefined);
    const problem = await checkImage(file);
    if (problem === 'too-large') return setPickError(t`Tamanho da imagem excedeu limite de 10MB!`);
    if (problem === 'bad-format') return setPickError(t`O formato da imagem é inválido!`);
    onPendingChange(file);
  };

  const shown = previewUrl ?? current;
  return (
    <div className={css.textareaField}>
      <span className={formStyles.fieldLabel}>{label}</span>
      {shown ? (
        <img src={shown} alt={label} className={css.preview} data-testid={`${name}-preview`} />
      ) : (
        <span className={css.previewEmpty}>
          <FilmIcon />
        </span>
      )}
      {pending ? (
        <div className={css.pendingRow}>
          <p className={layout.muted} data-testid={`${name}-pending`}>
            <Trans>Ainda não salva: clique em “Salvar”.</Trans>
          </p>
          <Button
            variant="ghost"
            disabled={disabled}
            onClick={() => onPendingChange(null)}
            aria-label={t`Desfazer: ${label}`}
          >
            <Trans>Desfazer</Trans>
          </Button>
        </div>
      ) : null}
      <FileDropzone
        name={name}
        compact
        label={t`${label}: escolher imagem`}
        title={<Trans>Escolher imagem</Trans>}
        hint={<Trans>PNG, JPEG ou WebP até 10MB.</Trans>}
        disabled={disabled}
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

/** An object URL showing `file`, revoked when the file changes or the field goes away. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

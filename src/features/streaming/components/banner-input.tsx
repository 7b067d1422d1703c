import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import * as layout from '@/components/ui/layout.css';
import { checkImage, IMAGE_TYPES, type UploadKind } from '../lib/images';
import * as css from './banner-input.css';

export interface BannerDraft {
  /** A new image, checked, to upload after the stream is saved. */
  file?: File;
  /** Remove the current image on save. */
  remove?: boolean;
}

/** One banner: its current image (edit), a new pick checked against SPEC §5 (10 MB — 30 MB for the
 * studio background —, image formats), and removal. */
export function BannerInput({
  name,
  kind = 'thumbnail',
  label,
  hint,
  current,
  draft,
  onChange,
}: {
  name: string;
  /** Which image it is: its size limit (the studio background's is larger). */
  kind?: UploadKind;
  label: ReactNode;
  hint?: ReactNode;
  current: string | null;
  draft: BannerDraft | undefined;
  onChange: (draft: BannerDraft | undefined) => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const [error, setError] = useState<string>();
  const preview = useMemo(() => (draft?.file ? URL.createObjectURL(draft.file) : undefined), [draft?.file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? (draft?.remove ? undefined : (current ?? undefined));

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = await checkImage(file, kind);
    if (problem) {
      setError(i18n._(problem));
      return;
    }
    setError(undefined);
    onChange({ file });
  };

  return (
    <div className={css.banner}>
      <span className={css.label} id={`${id}-label`}>
        {label}
      </span>
      <div className={css.frame}>
        {shown ? (
          <img src={shown} alt="" className={css.image} />
        ) : (
          <span className={css.placeholder}>
            <Trans>Sem imagem</Trans>
          </span>
        )}
      </div>
      <div className={css.buttons}>
        <label className={css.pick}>
          <input
            type="file"
            name={name}
            className={css.input}
            accept={IMAGE_TYPES.join(',')}
            aria-labelledby={`${id}-label ${id}-pick`}
            aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              void pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <span id={`${id}-pick`}>
            {shown ? <Trans>Trocar imagem</Trans> : <Trans>Escolher imagem</Trans>}
          </span>
        </label>
        {shown ? (
          <button
            type="button"
            className={css.remove}
            onClick={() => {
              setError(undefined);
              onChange(current ? { remove: true } : undefined);
            }}
          >
            <Trans>Remover</Trans>
          </button>
        ) : null}
      </div>
      {hint && !error ? (
        <p id={`${id}-hint`} className={layout.muted}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={css.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

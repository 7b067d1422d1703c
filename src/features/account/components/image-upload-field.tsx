import { useLingui } from '@lingui/react/macro';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useRef } from 'react';
import { Button } from '@/components/ui/button';
import * as layout from '@/components/ui/layout.css';
import { notify } from '@/components/ui/notify';
import { failureText } from '@/lib/failure-text';

export interface ImageUploadFieldProps<T> {
  /** The picture now, if any. */
  src: string | null | undefined;
  alt: string;
  imageClassName?: string;
  /** The button's text. */
  label: ReactNode;
  /** The hidden file input's accessible name. */
  inputLabel: string;
  /** The toast once the server took the file. */
  successText: string;
  /** The upload call (multipart `file`); the server checks the type and size and scales the picture. */
  upload: UseMutationResult<T, Error, File>;
}

/** A picture (64 px) and a button that replaces it by a PNG, JPEG or WebP chosen on the device. */
export function ImageUploadField<T>({
  src,
  alt,
  imageClassName,
  label,
  inputLabel,
  successText,
  upload,
}: ImageUploadFieldProps<T>) {
  const { t } = useLingui();
  const fileRef = useRef<HTMLInputElement>(null);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => notify('success', successText, ''),
      onError: (e) => notify('error', failureText(e, t`Não foi possível enviar a imagem. Tente novamente`)),
    });
  };

  return (
    <div className={layout.actions}>
      {src ? <img src={src} alt={alt} width={64} height={64} className={imageClassName} /> : null}
      <Button
        type="button"
        variant="secondary"
        busy={upload.isPending}
        onClick={() => fileRef.current?.click()}
      >
        {label}
      </Button>
      <input
        ref={fileRef}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        hidden
        aria-label={inputLabel}
        onChange={(e) => {
          onFile(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
      />
    </div>
  );
}

import { FileUpload, useFileUpload } from '@ark-ui/react/file-upload';
import { type ReactNode, type Ref, useImperativeHandle } from 'react';
import * as css from './file-upload.css';

export interface FileDropzoneHandle {
  /** Opens the system file picker (for a button elsewhere on the page). */
  openPicker(): void;
}

export interface FileDropzoneProps {
  /** Name of the hidden file input. */
  name: string;
  /** The dropzone's accessible name (already translated): what dropping or clicking does. */
  label: string;
  title: ReactNode;
  hint?: ReactNode;
  /** MIME types or extensions, as the input's accept attribute takes them. */
  accept?: string[];
  maxFiles?: number;
  disabled?: boolean;
  /** Every pick or drop, as a batch; the dropzone keeps nothing itself. */
  onFiles: (files: File[]) => void;
  handleRef?: Ref<FileDropzoneHandle>;
  /** A low, one-line area (inside forms). */
  compact?: boolean;
  className?: string;
}

/** A drag-and-drop area that is also a button opening the file picker (Ark file upload). */
export function FileDropzone({
  name,
  label,
  title,
  hint,
  accept,
  maxFiles = 1,
  disabled,
  onFiles,
  handleRef,
  compact,
  className,
}: FileDropzoneProps) {
  const upload = useFileUpload({
    name,
    accept,
    maxFiles,
    disabled,
    // Controlled and always empty: each pick is handed over at once and the next starts afresh.
    acceptedFiles: [],
    onFileAccept: (details) => {
      if (details.files.length > 0) onFiles(details.files);
    },
    translations: { dropzone: label },
  });
  useImperativeHandle(handleRef, () => ({ openPicker: () => upload.openFilePicker() }), [upload]);
  return (
    <FileUpload.RootProvider value={upload} className={[css.root, className].filter(Boolean).join(' ')}>
      <FileUpload.Dropzone className={compact ? `${css.dropzone} ${css.compact}` : css.dropzone}>
        <svg
          className={css.icon}
          aria-hidden="true"
          width={compact ? 22 : 32}
          height={compact ? 22 : 32}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M12 16V4M7 9l5-5 5 5" />
          <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
        </svg>
        <span className={css.text}>
          <span className={css.title}>{title}</span>
          {hint ? <span className={css.hint}>{hint}</span> : null}
        </span>
      </FileUpload.Dropzone>
      <FileUpload.HiddenInput />
    </FileUpload.RootProvider>
  );
}

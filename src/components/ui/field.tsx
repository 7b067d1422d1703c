import { useLingui } from '@lingui/react/macro';
import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import * as layout from '@/components/ui/layout.css';
import * as css from './field.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  /** Payload field name (the form fills `name` on the server's body). */
  name: string;
  label: ReactNode;
  /** Already translated text; the field is marked invalid while it is set. */
  error?: string;
  hint?: ReactNode;
  /** Drawn inside the input, on the right (a button such as show/hide). */
  endAdornment?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and error wired for assistive technology. */
export function TextField({ label, error, hint, endAdornment, id, className, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[css.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={css.label}>
        {label}
      </label>
      <div className={css.control}>
        <input
          id={inputId}
          className={endAdornment ? `${css.input} ${css.withAdornment}` : css.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {endAdornment ? <div className={css.adornment}>{endAdornment}</div> : null}
      </div>
      {hint ? (
        <p id={hintId} className={layout.muted}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={css.error}>
          <ErrorIcon />
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'endAdornment'>;

/** A password input with a show/hide toggle button (aria-pressed tells whether the text is shown). */
export function PasswordField({ id, ...props }: PasswordFieldProps) {
  const { t } = useLingui();
  const autoId = useId();
  const inputId = id ?? autoId;
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      id={inputId}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      endAdornment={
        <button
          type="button"
          className={css.toggle}
          aria-pressed={visible}
          aria-controls={inputId}
          aria-label={t`Mostrar senha`}
          title={visible ? t`Ocultar senha` : t`Mostrar senha`}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}

const iconProps = {
  width: 22,
  height: 22,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  focusable: false,
} as const;

function EyeIcon() {
  return (
    <svg aria-hidden="true" {...iconProps}>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg aria-hidden="true" {...iconProps}>
      <path d="M10.6 5.1A10.6 10.6 0 0 1 12 5c6.4 0 10 7 10 7a17.8 17.8 0 0 1-2.6 3.5M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.8 9.8 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
      <path d="m2 2 20 20" />
    </svg>
  );
}

function ErrorIcon() {
  return (
    <svg aria-hidden="true" {...iconProps} width={16} height={16} className={css.errorIcon}>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 8v5M12 16.5v.01" />
    </svg>
  );
}

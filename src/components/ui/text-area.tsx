import { type ReactNode, useId } from 'react';
import * as formStyles from './form.css';
import * as layout from './layout.css';

/** A labelled textarea with its error. */
export function TextArea({
  name,
  label,
  value,
  onChange,
  error,
  maxLength,
  hint,
}: {
  name: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  maxLength?: number;
  hint?: ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={formStyles.fieldset}>
      <label htmlFor={id} className={formStyles.fieldLabel}>
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        className={formStyles.textarea}
        value={value}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint ? (
        <p id={`${id}-hint`} className={layout.muted}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={formStyles.errorText}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

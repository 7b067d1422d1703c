import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import type { FormErrors } from '../../lib/validate';
import * as css from '../streaming.css';

/** The translated text of a field's error (a console descriptor or the server's own words). */
export function useErrorText(errors: FormErrors) {
  const { i18n } = useLingui();
  return (field: string): string | undefined => {
    const e: MessageDescriptor | string | undefined = errors[field];
    if (e === undefined) return undefined;
    return typeof e === 'string' ? e : i18n._(e);
  };
}

export interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
  hint?: ReactNode;
}

/** Native radio buttons in a fieldset: the group is named by its legend. */
export function RadioGroup<V extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  disabled,
  hint,
}: {
  name: string;
  legend: ReactNode;
  options: readonly RadioOption<V>[];
  value: V;
  onChange: (value: V) => void;
  disabled?: boolean;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset className={css.fieldset} disabled={disabled} aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className={css.fieldLabel}>{legend}</legend>
      <div className={css.radioRow}>
        {options.map((o) => (
          <label key={o.value} className={css.radio}>
            <input
              type="radio"
              className={css.radioInput}
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className={css.muted}>
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}

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
    <div className={css.fieldset}>
      <label htmlFor={id} className={css.fieldLabel}>
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        className={css.textarea}
        value={value}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint ? (
        <p id={`${id}-hint`} className={css.muted}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={css.errorText}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

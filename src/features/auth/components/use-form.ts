import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { type ChangeEvent, useRef, useState } from 'react';
import { type Errors, hasErrors, type Schema, validate } from '@/lib/validation';

type Values = Record<string, string>;

/** A small form state: validates on submit, then again on every change so messages clear as the user
 * fixes them; a failed submit moves focus to the first invalid field. */
export function useForm<T extends Values>(initial: T, schemaFor: (values: T) => Schema<T>) {
  const { i18n } = useLingui();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<T>>({});
  const submitted = useRef(false);
  const inputs = useRef(new Map<keyof T, HTMLInputElement>());

  const setValue = (name: keyof T, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted.current) setErrors(validate(next, schemaFor(next)));
  };

  /** Answers the values when they pass, else null (and shows the messages). */
  const submit = (): T | null => {
    submitted.current = true;
    const found = validate(values, schemaFor(values));
    setErrors(found);
    if (!hasErrors(found)) return values;
    const first = (Object.keys(initial) as (keyof T)[]).find((k) => found[k]);
    if (first) inputs.current.get(first)?.focus();
    return null;
  };

  /** A message about one field from the server (shown until the field is edited or the form resubmitted). */
  const setError = (name: keyof T, message: MessageDescriptor) =>
    setErrors((prev) => ({ ...prev, [name]: message }));

  /** The props a TextField or PasswordField needs. `transform` rewrites the text as it is typed; the caret
   * stays where the user was typing instead of jumping to the end. */
  const field = (name: keyof T & string, transform?: (value: string) => string) => ({
    name,
    value: values[name],
    error: errors[name] ? i18n._(errors[name]) : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const el = event.currentTarget;
      const typed = el.value;
      const value = transform ? transform(typed) : typed;
      if (transform && value !== typed) {
        // Rewritten in place, synchronously: React then finds the DOM already right and leaves the caret.
        const caret = el.selectionStart === null ? null : transform(typed.slice(0, el.selectionStart)).length;
        el.value = value;
        if (caret !== null) el.setSelectionRange(caret, caret);
      }
      setValue(name, value);
    },
    ref: (el: HTMLInputElement | null) => {
      if (el) inputs.current.set(name, el);
      else inputs.current.delete(name);
    },
  });

  const focus = (name: keyof T) => inputs.current.get(name)?.focus();

  return { values, errors, submit, setError, setValue, field, focus };
}

import type { InputHTMLAttributes } from 'react';
import * as css from './search-field.css';

export interface SearchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** The icon button's accessible name ("Buscar"). */
  submitLabel: string;
  tone?: keyof typeof css.submit;
  /** On the box (its flex share in the surrounding form). */
  className?: string;
}

/** A search box with its submit icon inside: Enter or the icon submits the form around it. The box
 * carries the accessible name (`aria-label`), the form decides what a search does. */
export function SearchField({ submitLabel, tone = 'plain', className, ...input }: SearchFieldProps) {
  return (
    <div className={className ? `${css.box} ${className}` : css.box}>
      <input type="search" className={css.input} {...input} />
      <button type="submit" className={css.submit[tone]} aria-label={submitLabel}>
        <svg
          aria-hidden="true"
          focusable="false"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
      </button>
    </div>
  );
}

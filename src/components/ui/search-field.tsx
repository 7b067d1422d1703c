import type { InputHTMLAttributes } from 'react';
import { SearchIcon } from './icon';
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
        <SearchIcon />
      </button>
    </div>
  );
}

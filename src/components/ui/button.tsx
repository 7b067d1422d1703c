import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react';
import * as css from './button.css';

export type ButtonVariant = keyof typeof css.variant;

/** Class names for a link that looks like a button (router links keep their own element). */
export function buttonClass(variant: ButtonVariant = 'primary', fullWidth = false) {
  return fullWidth ? `${css.variant[variant]} ${css.block}` : css.variant[variant];
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  fullWidth?: boolean;
  /** While a request runs: a spinner, aria-busy, and clicks ignored. The button stays focusable
   * (aria-disabled, not disabled) so keyboard focus is not lost mid-submit. */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  fullWidth,
  busy,
  className,
  children,
  onClick,
  type = 'button',
  ...props
}: ButtonProps) {
  const guard = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      type={type}
      className={[buttonClass(variant, fullWidth), className].filter(Boolean).join(' ')}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      data-busy={busy ? '' : undefined}
      onClick={guard}
      {...props}
    >
      {busy ? <span className={css.spinner} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

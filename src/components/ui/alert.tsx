import type { ReactNode } from 'react';
import * as css from './alert.css';

export interface AlertProps {
  title?: ReactNode;
  children: ReactNode;
  tone?: 'error' | 'success' | 'info';
  id?: string;
}

/** An inline message inside a form. Errors use role=alert so screen readers announce them at once. */
export function Alert({ title, children, tone = 'error', id }: AlertProps) {
  return (
    <div id={id} className={css.alert} data-tone={tone} role={tone === 'error' ? 'alert' : 'status'}>
      {tone === 'error' ? (
        <svg
          className={css.icon}
          width="20"
          height="20"
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M12 7v6M12 16.5v.01" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      ) : null}
      <div>
        {title ? <strong className={css.title}>{title}</strong> : null}
        <p className={css.body}>{children}</p>
      </div>
    </div>
  );
}

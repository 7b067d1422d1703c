import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';
import * as css from './status-page.css';

export interface StatusPageProps {
  /** A big, decorative code ("404", "403"); read by no one. */
  code?: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}

/** Full-page message used by the 404, error, no-access and blocked pages (no shell around them). */
export function StatusPage({ code, title, children, actions }: StatusPageProps) {
  useDocumentTitle(title);
  return (
    <main className={css.standalone}>
      <section className={css.card} aria-labelledby="status-title">
        {code ? (
          <p className={css.code} aria-hidden="true">
            {code}
          </p>
        ) : null}
        <h1 id="status-title" className={css.pageTitle}>
          {title}
        </h1>
        {children}
        {actions ? <div className={css.actions}>{actions}</div> : null}
      </section>
    </main>
  );
}

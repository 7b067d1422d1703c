import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useDocumentTitle } from '@/lib/use-document-title';
import * as css from './status-page.css';

/** The one page every not-yet-built area shows (docs/routes.md lists them): honest, not a fake screen. */
export function ComingSoonPage({
  title,
  standalone = false,
}: {
  title: MessageDescriptor;
  standalone?: boolean;
}) {
  const { i18n } = useLingui();
  const name = i18n._(title);
  useDocumentTitle(name);
  const body = (
    <section className={css.soon} aria-labelledby="page-title">
      <p className={css.badge}>
        <Trans>Em breve</Trans>
      </p>
      <h1 id="page-title" className={css.pageTitle}>
        {name}
      </h1>
      <p className={css.text}>
        <Trans>Esta área ainda não está disponível nesta versão.</Trans>
      </p>
    </section>
  );
  return standalone ? <main className={css.standalone}>{body}</main> : body;
}

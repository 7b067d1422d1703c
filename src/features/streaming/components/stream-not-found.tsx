import { Trans, useLingui } from '@lingui/react/macro';
import { type ErrorComponentProps, Link } from '@tanstack/react-router';
import { buttonClass } from '@/components/ui/button';
import * as layout from '@/components/ui/layout.css';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import * as css from './streaming.css';

/** The error view of a stream's pages: 'Transmissão não encontrada' for a 404 (missing, deleted, or
 * another team's), otherwise a retry. */
export function StreamError({ error, reset }: ErrorComponentProps) {
  const { t } = useLingui();
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  useDocumentTitle(missing ? t`Transmissão não encontrada` : t`Erro`);
  return (
    <section className={layout.card} aria-labelledby="stream-error-title">
      <h1 id="stream-error-title" className={layout.pageTitle}>
        {missing ? (
          <Trans>Transmissão não encontrada</Trans>
        ) : (
          <Trans>Não foi possível carregar a transmissão</Trans>
        )}
      </h1>
      <p className={css.subtitle}>
        {missing ? (
          <Trans>Ela pode ter sido excluída ou pertencer a outro time.</Trans>
        ) : (
          <Trans>Verifique a sua conexão e tente novamente.</Trans>
        )}
      </p>
      <div className={layout.actions}>
        <Link to="/streaming" className={buttonClass('primary')}>
          <Trans>Voltar para as transmissões</Trans>
        </Link>
        {!missing ? (
          <button type="button" className={buttonClass('secondary')} onClick={reset}>
            <Trans>Tentar novamente</Trans>
          </button>
        ) : null}
      </div>
    </section>
  );
}

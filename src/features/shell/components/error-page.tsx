import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useRouter } from '@tanstack/react-router';
import { StatusPage } from './status-page';
import * as css from './status-page.css';

/** The router's error page (a page failed to load or render) and /error. */
export function ErrorPage({ reset }: { reset?: () => void }) {
  const { t } = useLingui();
  const router = useRouter();
  return (
    <StatusPage
      title={t`OOPS! Alguma coisa deu errado!`}
      actions={
        <>
          <button
            type="button"
            className={css.button}
            onClick={() => {
              reset?.();
              void router.invalidate();
            }}
          >
            <Trans>Tentar novamente</Trans>
          </button>
          <Link to="/" className={css.secondary}>
            <Trans>Voltar para o início</Trans>
          </Link>
        </>
      }
    >
      <p className={css.text}>
        <Trans>Ocorreu um erro inesperado. Tente novamente em instantes.</Trans>
      </p>
    </StatusPage>
  );
}

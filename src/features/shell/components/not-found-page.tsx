import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { StatusPage } from './status-page';
import * as css from './status-page.css';

/** SPEC §2.2 404 page: any unknown path, and /not-found. */
export function NotFoundPage() {
  const { t } = useLingui();
  return (
    <StatusPage
      code="404"
      title={t`OOPS! Alguma coisa deu errado!`}
      actions={
        <Link to="/" className={css.button}>
          <Trans>Voltar para o início</Trans>
        </Link>
      }
    >
      <p className={css.text}>
        <Trans>A página que você procura não existe ou foi movida.</Trans>
      </p>
    </StatusPage>
  );
}

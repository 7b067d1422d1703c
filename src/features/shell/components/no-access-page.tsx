import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { StatusPage } from './status-page';
import * as css from './status-page.css';

/** SPEC §2.2 no-access page (/403): where a gated route sends an unauthorised user. */
export function NoAccessPage() {
  const { t } = useLingui();
  return (
    <StatusPage
      code="403"
      title={t`Parece que você não pode andar por aqui`}
      actions={
        <Link to="/" className={css.button}>
          <Trans>Voltar para o início</Trans>
        </Link>
      }
    >
      <p className={css.text}>
        <Trans>
          Você não tem permissão para acessar esta página. Entre em contato com o administrador da sua conta.
        </Trans>
      </p>
    </StatusPage>
  );
}

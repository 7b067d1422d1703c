import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { StatusPage } from './status-page';
import * as css from './status-page.css';

/** SPEC §2.2 /blocked: the selected team's account is blocked for non-payment. */
export function BlockedPage() {
  const { t } = useLingui();
  return (
    <StatusPage
      title={t`Acesso temporariamente limitado`}
      actions={
        <Link to="/logout" preload={false} className={css.button}>
          <Trans>Sair da plataforma</Trans>
        </Link>
      }
    >
      <p className={css.text}>
        <Trans>O acesso para enviar e gerenciar novos vídeos está temporariamente limitado.</Trans>
      </p>
      <p className={css.text}>
        <Trans>Os vídeos já armazenados continuam sendo entregues normalmente.</Trans>
      </p>
      <p className={css.text}>
        <Trans>Entre em contato com a equipe financeira para regularizar a sua conta.</Trans>
      </p>
    </StatusPage>
  );
}

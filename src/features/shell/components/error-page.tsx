import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

export function ErrorPage() {
  return (
    <main>
      <h1>
        <Trans>OOPS! Alguma coisa deu errado!</Trans>
      </h1>
      <Link to="/">
        <Trans>Voltar para o início</Trans>
      </Link>
    </main>
  );
}

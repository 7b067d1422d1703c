import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

/** SPEC §2.2 404 page. */
export function NotFoundPage() {
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

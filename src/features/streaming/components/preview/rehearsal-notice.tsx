import { Trans } from '@lingui/react/macro';
import { Alert } from '@/components/ui/alert';

/** An encoder publishes to a live that has not started (a rehearsal): what the team sees of it is not
 * on air. The panel, the wall and the signal preview say so in the same words. */
export function RehearsalNotice() {
  return (
    <Alert tone="info">
      <span data-testid="rehearsal-notice">
        <Trans>
          Ensaio: só a sua equipe vê este sinal. O público verá a transmissão depois de "Iniciar".
        </Trans>
      </span>
    </Alert>
  );
}

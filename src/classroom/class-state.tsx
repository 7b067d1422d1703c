import { Trans } from '@lingui/react/macro';
import type { ClassroomInfo } from './api';

/** Only the not-found text: an unknown or malformed class offers nothing else (no form, no player). */
export function NotFound({ message }: { message: string }) {
  return (
    <main className="cls-not-found">
      <p role="alert" className="cls-not-found-text">
        {message}
      </p>
    </main>
  );
}

/** A finished class: it says so, and offers the recording when there is one (its public player), or
 * says it is coming while it processes (the page asks again until it is ready, use-classroom.ts). */
export function Ended({ info }: { info: ClassroomInfo }) {
  return (
    <div className="cls-ended" role="status">
      <p>
        <strong>
          <Trans>Esta aula terminou.</Trans>
        </strong>{' '}
        {info.recording ? null : info.recordingPending ? (
          <Trans>A gravação estará disponível em instantes.</Trans>
        ) : (
          <Trans>Não há gravação disponível.</Trans>
        )}
      </p>
      {info.recording ? (
        <a className="cls-button-link" href={info.recording.embedUrl} target="_blank" rel="noopener">
          <Trans>Assistir à gravação</Trans>
        </a>
      ) : null}
    </div>
  );
}

import type { ImportSummary } from '@contract/integrations';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import * as css from './integrations.css';

/** Where the imported recordings go and how the import is doing; a failure says why (an address the
 * server refused, a file too large…), in the user's language. */
export function ImportSummaryLine({ summary }: { summary: ImportSummary }) {
  const { folderId, folderName, pending, imported, failed, lastError } = summary;
  if (!folderId && pending === 0 && imported === 0 && failed === 0) return null;
  return (
    <div className={css.summary} role="status">
      {folderId ? (
        <p className={css.summaryLine}>
          <Trans>Pasta:</Trans>{' '}
          <Link to="/vod/dashboard" search={{ folder: folderId }}>
            {folderName ?? folderId}
          </Link>
        </p>
      ) : null}
      <p className={css.summaryLine}>
        <Trans>
          Importados: {imported} · Na fila: {pending} · Falhas: {failed}
        </Trans>
      </p>
      {lastError ? (
        <p className={css.summaryError}>
          <Trans>Última falha: {lastError}</Trans>
        </p>
      ) : null}
    </div>
  );
}

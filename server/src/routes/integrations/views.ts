import type { FastifyInstance } from 'fastify';
import type { ImportSummary } from '../../../../contract/integrations.ts';
import { folderName, importCounts, listConnections } from '../../db/repositories/integrations.ts';
import type { IntegrationConnectionRow, IntegrationProvider } from '../../db/tables/integrations.ts';
import type { Lang, MessageKey } from '../../lib/i18n.ts';
import { t } from '../../lib/i18n.ts';

export interface ConnectionView {
  row: IntegrationConnectionRow;
  import: ImportSummary;
}

/** A card's connections with what their imports did (the shapes of contract/integrations.ts). */
export async function connectionViews(
  app: FastifyInstance,
  accountId: string,
  provider: IntegrationProvider,
  lang: Lang,
): Promise<ConnectionView[]> {
  const rows = await listConnections(app.db, accountId, provider);
  const counts = await importCounts(
    app.db,
    rows.map((r) => r.id),
  );
  const views: ConnectionView[] = [];
  for (const row of rows) {
    const c = counts.get(row.id) ?? { pending: 0, imported: 0, failed: 0, lastError: null };
    const error = c.lastError ?? row.last_error;
    views.push({
      row,
      import: {
        folderId: row.folder_id,
        folderName: await folderName(app.db, row.folder_id),
        pending: c.pending,
        imported: c.imported,
        failed: c.failed,
        lastError: error ? t(lang, error as MessageKey) : null,
      },
    });
  }
  return views;
}

export function zoomAccountView({ row, import: summary }: ConnectionView) {
  const expires = row.token_expires_at?.getTime();
  return {
    zoomAccountId: row.external_account_id,
    label: row.label,
    activeImport: row.active_import,
    deauthorized: row.deauthorized,
    tokenExpiresIn: expires === undefined ? 0 : Math.max(0, Math.floor((expires - Date.now()) / 1000)),
    import: summary,
  };
}

export function zoomMultiView(views: ConnectionView[]) {
  return {
    activeImport: views.length > 0 && views.every((v) => v.row.active_import),
    deauthorized: views.some((v) => v.row.deauthorized),
    accounts: views.map(zoomAccountView),
  };
}

export const EMPTY_SUMMARY: ImportSummary = {
  folderId: null,
  folderName: null,
  pending: 0,
  imported: 0,
  failed: 0,
  lastError: null,
};

export function googleMeetView(view: ConnectionView | undefined) {
  return {
    integrated: view !== undefined,
    activeImport: view?.row.active_import ?? false,
    deauthorized: view?.row.deauthorized ?? false,
    label: view?.row.label ?? null,
    import: view?.import ?? EMPTY_SUMMARY,
  };
}

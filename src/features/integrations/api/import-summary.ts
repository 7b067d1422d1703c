import type { ImportSummary } from '@contract/integrations';
import { type Describe, integer, nullable, string, type } from 'superstruct';

/** `ImportSummary` (contract/integrations.ts): what an import has done so far. */
export const ImportSummaryStruct: Describe<ImportSummary> = type({
  folderId: nullable(string()),
  folderName: nullable(string()),
  pending: integer(),
  imported: integer(),
  failed: integer(),
  lastError: nullable(string()),
});

/** Nothing imported yet (a status that stands for a connection the provider revoked). */
export const NO_IMPORT: ImportSummary = {
  folderId: null,
  folderName: null,
  pending: 0,
  imported: 0,
  failed: 0,
  lastError: null,
};

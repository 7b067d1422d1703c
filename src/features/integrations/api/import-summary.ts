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

/** While items are queued or downloading, the card's status is read again every 5 s (like the
 * processing modal's transcode poll, SPEC §9); otherwise not at all. */
export const importPollMs = (summaries: readonly ImportSummary[] | undefined) =>
  summaries?.some((s) => s.pending > 0) ? 5000 : false;

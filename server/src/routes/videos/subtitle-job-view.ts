import type { FastifyInstance } from 'fastify';
import type { SubtitleJobRow } from '../../db/tables/subtitle-jobs.ts';
import { type Lang, type MessageKey, t } from '../../lib/i18n.ts';

/** Language names for messages: the engines' primary subtags as the user reads them. */
export function languageList(app: FastifyInstance): string {
  return app.media.subtitles.languages.join(', ');
}

/** A failed job's reason in the user's language (the row keeps a message key). */
export function subtitleJobError(app: FastifyInstance, job: SubtitleJobRow, lang: Lang): string | null {
  if (job.status !== 'failed' || !job.error) return null;
  try {
    return t(lang, job.error as MessageKey, { languages: languageList(app) });
  } catch {
    return t(lang, 'subtitlesEngineFailed');
  }
}

import { queryOptions } from '@tanstack/react-query';
import { array, type Infer, nullable, optional, string, type } from 'superstruct';
import { api } from '@/lib/api-client';

export const ConsoleConfigStruct = type({
  uploadUrl: string(),
  apiUrl: string(),
  /** The RTMP server encoders publish to; null when the server has no ingest. */
  ingestUrl: optional(nullable(string())),
  /** The WHIP endpoint (OBS 30+, the browser studio); null when the server has no ingest. */
  whipUrl: optional(nullable(string())),
  /** Primary language subtags automatic subtitles recognise; empty or absent: the button is hidden. */
  autoSubtitleLanguages: optional(array(string())),
});
export type ConsoleConfig = Infer<typeof ConsoleConfigStruct>;

/** GET /bff/config (public): the upload host and the standard API host (SPEC §9), the RTMP ingest and
 * its WHIP endpoint, the languages of automatic subtitles. */
export const getConfig = () => api('/bff/config', ConsoleConfigStruct, { silent: true });

export const configQueryOptions = () =>
  queryOptions({ queryKey: ['vod', 'config'], queryFn: getConfig, staleTime: 5 * 60_000 });

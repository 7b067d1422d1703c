import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { findStream, type NewStream, type StreamChanges } from '../../db/repositories/streams.ts';
import type { Executor } from '../../db/schema.ts';
import type {
  BannerKind,
  LiveStreamRow,
  Signal,
  StoredImage,
  StreamSettings,
} from '../../db/tables/streams.ts';
import { ApiError } from '../../lib/errors.ts';
import { accountOf } from '../../plugins/caller.ts';
import type { StreamView } from './schemas.ts';
import type { ImageName } from './storage.ts';

/** A stream or signal key: 32 random bytes, base64url (43 characters). */
export function newKey(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The stream `id` of the call's account, or 404. Only for routes declaring READ_STREAMS (or
 * narrower): the declaration is the permission check.
 */
export async function readableStream(
  db: Executor,
  request: FastifyRequest,
  id: string,
): Promise<{ accountId: string; row: LiveStreamRow }> {
  const accountId = accountOf(request);
  const row = await findStream(db, accountId, id.toLowerCase());
  if (!row) throw new ApiError(404, 'streamNotFound');
  return { accountId, row };
}

/** Public URL of an uploaded image: unguessable (its random version is in the name), no token needed. */
export function imageUrl(
  accountId: string,
  streamId: string,
  kind: ImageName,
  image: StoredImage | undefined,
): string | null {
  return image ? `/media/streams/${accountId}/${streamId}/${kind}-${image.version}.${image.ext}` : null;
}

export function settingsOf(row: LiveStreamRow): StreamSettings {
  return {
    type: row.type,
    latency: row.latency,
    autoStart: row.auto_start,
    autoCuts: row.auto_cuts,
    playerColor: row.player_color,
    transcode: row.transcode,
    security: row.security,
    ads: row.ads,
    analyticsMeasurementId: row.analytics_measurement_id,
    studio: row.studio,
  };
}

/** The columns of a stream's settings, for an insert or an update. */
export function settingsColumns(s: StreamSettings) {
  return {
    type: s.type,
    latency: s.latency,
    auto_start: s.autoStart,
    auto_cuts: s.autoCuts,
    player_color: s.playerColor,
    transcode: JSON.stringify(s.transcode),
    security: JSON.stringify(s.security),
    ads: JSON.stringify(s.ads),
    analytics_measurement_id: s.analyticsMeasurementId,
    studio: JSON.stringify(s.studio),
  } satisfies StreamChanges;
}

export function newStreamRow(
  accountId: string,
  fields: { nome: string; descricao: string | null; scheduledStartTime: Date; signals: Signal[] },
  settings: StreamSettings,
): NewStream {
  return {
    account_id: accountId,
    nome: fields.nome,
    descricao: fields.descricao,
    scheduled_start_time: fields.scheduledStartTime,
    started_at: null,
    finished_at: null,
    stream_key: newKey(),
    signals: JSON.stringify(fields.signals),
    ...settingsColumns(settings),
  };
}

/** The console's page of a recording's video (the VOD area; docs/api-streams.md "Recordings"). */
export const recordingPageUrl = (videoId: string) => `/vod/dashboard?videoId=${videoId}`;

/** A finished live-to-VOD stream's recording: being made, made (ready/failed), or none received. */
function recordingStatusOf(row: LiveStreamRow): 'processing' | 'ready' | 'failed' | 'unavailable' {
  if (row.recording_status === 'processing') return 'processing';
  if (row.recording_video_id === null) return 'unavailable';
  return row.recording_status ?? 'processing';
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** What the API answers for a stream; keys only for callers who may see them (`broadcast`). */
export function streamView(row: LiveStreamRow, showKeys: boolean): StreamView {
  const url = (kind: BannerKind) => imageUrl(row.account_id, row.id, kind, row.banners[kind]);
  const started = row.started_at ? new Date(row.started_at).getTime() : null;
  const finished = row.finished_at ? new Date(row.finished_at).getTime() : null;
  const finishedWithVod = row.status === 'finished' && row.transcode.enableLive2vod;
  return {
    _id: row.id,
    id: row.id,
    nome: row.nome,
    descricao: row.descricao,
    classroomDescription: row.classroom_description,
    status: row.status,
    scheduledStartTime: iso(row.scheduled_start_time)!,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    type: row.type,
    latency: row.latency,
    autoStart: row.auto_start,
    autoCuts: row.auto_cuts,
    transcode: row.transcode,
    security: row.security,
    allowed_refer: row.security.referrerWhitelist.length > 0,
    assets: {
      thumbnail: url('thumbnail'),
      startSoonScreen: url('startSoonScreen'),
      pauseScreen: url('pauseScreen'),
      endingScreen: url('endingScreen'),
      playerColor: row.player_color,
    },
    ads: row.ads,
    analyticsMeasurementId: row.analytics_measurement_id,
    studio: { ...row.studio, background: url('studioBackground') },
    classroom: {
      cover: url('classroomCover'),
      background: url('classroomBackground'),
      loginBackground: url('classroomLoginBackground'),
    },
    streamKey: showKeys ? row.stream_key : null,
    signals: row.signals.map((s) => ({ ...s, key: showKeys ? s.key : null })),
    recording: row.recording_video_id
      ? { videoId: row.recording_video_id, url: recordingPageUrl(row.recording_video_id) }
      : null,
    recordingStatus: finishedWithVod ? recordingStatusOf(row) : null,
    durationSeconds: started !== null && finished !== null ? Math.round((finished - started) / 1000) : null,
  };
}

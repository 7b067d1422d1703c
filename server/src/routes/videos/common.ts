import { type Static, Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UploadState, Video } from '../../../../contract/videos.ts';
import type { AccountView } from '../../db/repositories/accounts.ts';
import { findVideo, isQueued, type VideoRecord } from '../../db/repositories/videos.ts';
import type { VideoSubtitleRow } from '../../db/tables/video-subtitles.ts';
import { VIDEO_STATUSES } from '../../db/tables/videos.ts';
import { ErrorBody, Nullable, Uuid } from '../../http/schemas.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';
import { ApiError } from '../../lib/errors.ts';
import type { Lang } from '../../lib/i18n.ts';
import { localizedMediaError } from '../../lib/i18n-media.ts';
import type { RoutePermission } from '../../permissions.ts';
import { accessibleAccount } from '../../plugins/multitenancy.ts';
import { requireDeclaredIn } from '../../plugins/permissions.ts';
import { workingAccountId } from '../../services/session.ts';

export const VideoStatusSchema = Type.Union(
  [
    Type.Literal('awaiting_upload'),
    Type.Literal('uploading'),
    Type.Literal('processing'),
    Type.Literal('ready'),
    Type.Literal('failed'),
  ],
  { description: VIDEO_STATUSES.join(' | ') },
);

const DateTime = Type.String({ format: 'date-time' });

export const RenditionSchema = Type.Object({
  name: Type.String({ description: '240p, 360p, 480p, 720p or 1080p' }),
  width: Type.Integer(),
  height: Type.Integer(),
  bandwidth: Type.Integer({ description: 'bits per second, as the master playlist declares it' }),
});

export const UploadStateSchema = Type.Object({
  offset: Type.Integer({ description: 'the next byte the server wants; every byte before it is on disk' }),
  total: Nullable(Type.Integer()),
  complete: Type.Boolean(),
});

export const VideoSchema = Type.Object({
  id: Uuid,
  accountId: Uuid,
  directoryId: Nullable(Uuid),
  title: Type.String(),
  description: Type.String(),
  status: VideoStatusSchema,
  error: Nullable(
    Type.String({ description: "why the video failed, in the reader's language (stored in pt-BR)" }),
  ),
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  queued: Type.Boolean({
    description:
      'processing, and its transcode has not started yet (it waits behind other transcodes): docs/uploads.md "Queued transcodes"',
  }),
  duration: Nullable(Type.Number({ description: 'seconds' })),
  size: Nullable(Type.Integer({ description: 'bytes of the source' })),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  upload: UploadStateSchema,
  thumbnailUrl: Nullable(Type.String()),
  endScreenUrl: Nullable(Type.String()),
  hlsUrl: Nullable(Type.String()),
  renditions: Type.Array(RenditionSchema),
  subtitles: Type.Array(Type.Object({ language: Type.String(), url: Type.String() })),
  createdAt: DateTime,
  updatedAt: DateTime,
});

// The answers equal contract/videos.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type VideoMatchesContract = Expect<Equal<Static<typeof VideoSchema>, Video>>;
export type UploadStateMatchesContract = Expect<Equal<Static<typeof UploadStateSchema>, UploadState>>;

export const ConflictBody = Type.Object({
  ...ErrorBody.properties,
  offset: Type.Integer({ description: 'resume from this byte' }),
});

export const VideoParams = Type.Object({ id: Uuid });

/**
 * The upload host as the console should use it: an absolute URL when it is on another origin, else
 * a path on the API's own origin (`/upload` by default, `/` for the API host itself), so the console
 * keeps working when it is reached under another name than PUBLIC_URL (127.0.0.1 vs localhost).
 */
export function uploadBase(config: { uploadUrl: string; publicUrl: string }): string {
  const upload = new URL(config.uploadUrl);
  if (upload.origin !== new URL(config.publicUrl).origin) return config.uploadUrl;
  return upload.pathname.replace(/\/+$/, '') || '/';
}

/**
 * Every video-library route's declaration: the library is the console's /vod (SPEC §2.2, §6 showVOD).
 * /members (showVOD or manageTeamUsers) is a page of its own and calls none of these routes.
 */
export const VOD = { anyOf: ['showVOD'] } as const satisfies RoutePermission;

/** The account a call works in: `accountId`, else the selected team, else the default one. */
export async function workingAccount(request: FastifyRequest): Promise<AccountView> {
  const auth = request.auth!;
  if (request.account) return request.account;
  const id = workingAccountId(auth, null);
  const account = id ? await accessibleAccount(request, auth, id) : undefined;
  if (!account) throw new ApiError(404, 'accountNotFound');
  return account;
}

/**
 * A video the caller may work on, with its account: another team's video (or one outside the
 * `accountId` named) answers 404 like a missing one.
 */
export async function loadVideo(
  request: FastifyRequest,
  id: string,
): Promise<{ video: VideoRecord; account: AccountView }> {
  const videoId = id.toLowerCase();
  const video = await findVideo(request.server.db, videoId);
  if (!video || (request.account && request.account.id !== video.account_id)) {
    throw new ApiError(404, 'videoNotFound');
  }
  const account = await accessibleAccount(request, request.auth!, video.account_id);
  if (!account) throw new ApiError(404, 'videoNotFound');
  // Without `accountId` a video of another of the caller's teams is found: the route's permission
  // must hold there too, not only in the working team the hook checked.
  await requireDeclaredIn(request, account);
  return { video, account };
}

export function progressOf(video: VideoRecord): number {
  if (video.status === 'ready') return 100;
  if (video.status === 'processing' || video.status === 'failed') return Math.floor(video.transcode_progress);
  if (video.upload_total && video.upload_total > 0) {
    return Math.min(100, Math.floor((video.upload_offset / video.upload_total) * 100));
  }
  return 0;
}

export function videoView(
  app: FastifyInstance,
  video: VideoRecord,
  subtitles: VideoSubtitleRow[],
  lang: Lang = 'pt-BR',
) {
  const { signer } = app.media;
  const url = (file: string | null) => (file ? signer.url(video.account_id, video.id, file) : null);
  return {
    id: video.id,
    accountId: video.account_id,
    directoryId: video.directory_id,
    title: video.title,
    description: video.description,
    status: video.status,
    error: localizedMediaError(video.error, lang),
    progress: progressOf(video),
    queued: isQueued(video),
    duration: video.duration_seconds,
    size: video.upload_total,
    width: video.width,
    height: video.height,
    upload: { offset: video.upload_offset, total: video.upload_total, complete: video.upload_complete },
    thumbnailUrl: url(video.thumbnail_key),
    endScreenUrl: url(video.end_screen_key),
    hlsUrl: video.status === 'ready' ? url('hls/master.m3u8') : null,
    renditions: video.renditions,
    subtitles: subtitles
      .filter((s) => s.video_id === video.id)
      .map((s) => ({ language: s.language, url: url(s.file_key)! })),
    createdAt: video.created_at.toISOString(),
    updatedAt: video.updated_at.toISOString(),
  };
}

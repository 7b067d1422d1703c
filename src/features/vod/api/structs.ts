import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  nullable,
  number,
  optional,
  string,
  type,
} from 'superstruct';

/** The answers of the video library (docs/api-videos.md), shared by the calls in this folder. */

import { VIDEO_STATUSES, type VideoStatus } from '@contract/videos';

export { VIDEO_STATUSES, type VideoStatus };

export const UploadStateStruct = type({
  offset: integer(),
  total: nullable(integer()),
  complete: boolean(),
});
export type UploadState = Infer<typeof UploadStateStruct>;

export const VideoStruct = type({
  id: string(),
  accountId: string(),
  directoryId: nullable(string()),
  title: string(),
  description: string(),
  status: enums(VIDEO_STATUSES),
  error: nullable(string()),
  progress: number(),
  /** Processing, and its transcode has not started (docs/uploads.md "Queued transcodes"). */
  queued: optional(boolean()),
  duration: nullable(number()),
  size: nullable(number()),
  width: nullable(number()),
  height: nullable(number()),
  upload: UploadStateStruct,
  thumbnailUrl: nullable(string()),
  endScreenUrl: nullable(string()),
  hlsUrl: nullable(string()),
  renditions: array(type({ name: string(), width: number(), height: number(), bandwidth: number() })),
  subtitles: array(type({ language: string(), url: string() })),
  createdAt: string(),
  updatedAt: string(),
});
export type Video = Infer<typeof VideoStruct>;

export const DirectoryStruct = type({
  id: string(),
  accountId: string(),
  name: string(),
  parentId: nullable(string()),
  videoCount: number(),
  createdAt: string(),
});
export type Directory = Infer<typeof DirectoryStruct>;

export const DirectorySettingsStruct = type({
  id: string(),
  name: string(),
  parentId: nullable(string()),
  path: array(type({ id: string(), name: string() })),
  videoCount: number(),
  totalBytes: optional(number()),
  uploadUrl: optional(string()),
  maxThumbnailBytes: optional(number()),
});
export type DirectorySettings = Infer<typeof DirectorySettingsStruct>;

/** SPEC §3 Transcode progress item: title or name, progress, type (transcode or upload). */
export const ProgressItemStruct = type({
  videoId: string(),
  title: optional(string()),
  name: optional(string()),
  type: enums(['upload', 'transcode', 'subtitles']),
  /** subtitles items: the language of the track being made. */
  language: optional(string()),
  status: optional(string()),
  progress: number(),
  queued: optional(boolean()),
  error: optional(nullable(string())),
});
export type ProgressItem = Infer<typeof ProgressItemStruct>;

export const SubtitleStruct = type({
  language: string(),
  url: string(),
  cues: optional(array(type({ inicio: number(), fim: number(), texto: string() }))),
});

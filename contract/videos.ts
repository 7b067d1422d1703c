// The video contract both sides read (docs/api-videos.md). Plain data and types only.

export const VIDEO_STATUSES = ['awaiting_upload', 'uploading', 'processing', 'ready', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/* The video library's answers as JSON on the wire (docs/api-videos.md): dates are ISO strings, absent
 * values `null`. The server's TypeBox schemas (server/src/routes/videos) are checked equal to these, the
 * console's structs (src/features/vod/api) checked against them (src/features/vod/__tests__/contract.test.ts). */

/** A resumable upload's state (`GET|HEAD /v1/videos/{id}/source`). */
export interface UploadState {
  offset: number; // the next byte the server wants
  total: number | null;
  complete: boolean;
}

export interface Rendition {
  name: string; // '240p' … '1080p'
  width: number;
  height: number;
  bandwidth: number; // bits per second
}

export interface Video {
  id: string;
  accountId: string;
  directoryId: string | null;
  title: string;
  description: string;
  status: VideoStatus;
  error: string | null; // why it failed, in the reader's language
  progress: number; // 0..100
  queued: boolean; // processing, its transcode not started yet
  duration: number | null; // seconds
  size: number | null; // bytes of the source
  width: number | null;
  height: number | null;
  upload: UploadState;
  thumbnailUrl: string | null;
  endScreenUrl: string | null;
  hlsUrl: string | null;
  renditions: Rendition[];
  subtitles: { language: string; url: string }[];
  createdAt: string;
  updatedAt: string;
}

/** `GET /v1/videos`. */
export interface VideoPage {
  items: Video[];
  pagination: { page: number; limit: number; total: number; pagesTotal: number };
}

/** `POST /v1/contents`. */
export interface CreatedContent {
  videoId: string;
}

/** One line of the processing modal (`GET /v1/videos/transcode/progress`). */
export interface ProgressItem {
  videoId: string;
  title: string;
  name: string; // the same as title
  type: 'upload' | 'transcode' | 'subtitles';
  language?: string; // subtitles items
  status: 'uploading' | 'processing' | 'ready' | 'failed';
  progress: number;
  queued?: boolean;
  error: string | null;
}

/** A subtitle track with its cues (`POST /v1/videos/{id}/subtitles/upload`, `GET …/subtitles/{lang}`). */
export interface Subtitle {
  language: string;
  url: string;
  cues: { inicio: number; fim: number; texto: string }[];
}

/** An automatic-subtitles job (`GET|POST /v1/videos/{id}/subtitles/job`). */
export interface SubtitlesJob {
  status: 'unavailable' | 'none' | 'queued' | 'running' | 'done' | 'failed';
  id?: string;
  language?: string;
  progress?: number;
  engine?: string | null;
  error?: string | null;
  createdAt?: string;
  updatedAt?: string;
  languages: string[];
}

/** `GET /v1/analytics/vod/{id}/total-likes`. */
export interface TotalLikes {
  videoId: string;
  totalLikes: number;
}

/** A folder (`GET|POST /v1/directories`, `PATCH /v1/directories/{id}`). */
export interface Directory {
  id: string;
  accountId: string;
  name: string;
  parentId: string | null;
  videoCount: number;
  createdAt: string;
}

/** `GET /v1/directories/{id}/settings`: what the upload dialog and the folder header need. */
export interface DirectorySettings {
  id: string;
  accountId: string;
  name: string;
  parentId: string | null;
  path: { id: string; name: string }[];
  videoCount: number;
  totalBytes: number;
  uploadUrl: string;
  maxThumbnailBytes: number;
  imageFormats: string[];
  subtitleFormats: string[];
}

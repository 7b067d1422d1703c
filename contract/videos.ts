// The video contract both sides read (docs/api-videos.md). Plain data and types only.

export const VIDEO_STATUSES = ['awaiting_upload', 'uploading', 'processing', 'ready', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import type { SendOptions } from 'pg-boss';
import {
  clearRecordingStatus,
  lockRecordingVideoId,
  setRecordingVideo,
} from '../db/repositories/live-ingest.ts';
import { findStreamById } from '../db/repositories/streams.ts';
import { markUploadComplete } from '../db/repositories/video-uploads.ts';
import { createVideo, updateVideo } from '../db/repositories/videos.ts';
import { MediaInputError, probe } from './ffmpeg.ts';
import { run } from './ffmpeg-run.ts';
import { liveDir, RECORDING_MARK, recordingDir, recordingKey, recordingParts } from './ingest.ts';

export const RECORDING_QUEUE = 'live-recording';

/** Queued by the completion of a stream with live-to-VOD on, in the transaction that completes it. */
export const RECORDING_JOB_OPTIONS: SendOptions = {
  retryLimit: 3,
  retryDelay: 10,
  expireInSeconds: 2 * 3600,
};

/**
 * Joins the parts (one per publish or live stretch) into one file, timestamps made continuous. The
 * list is ours (names from readdir, relative to the recording's folder where ffmpeg runs), local files
 * only, and each part may only be read as the MPEG-TS our own ingest wrote (`option format_whitelist`,
 * which the concat demuxer takes only with `-safe 0`).
 */
async function concatParts(ffmpegPath: string, parts: string[], output: string): Promise<void> {
  const dir = dirname(output);
  const list = `${output}.txt`;
  // concat demuxer list: paths quoted, a quote inside written as '\''.
  await writeFile(
    list,
    `ffconcat version 1.0\n${parts
      .map((p) => `file '${relative(dir, p).replace(/'/g, "'\\''")}'\noption format_whitelist mpegts\n`)
      .join('')}`,
  );
  const { code } = await run(
    ffmpegPath,
    [
      ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'],
      ...['-protocol_whitelist', 'file', '-f', 'concat', '-safe', '0', '-i', list],
      ...['-map', '0:v?', '-map', '0:a?', '-c', 'copy', '-f', 'matroska', output],
    ],
    { cwd: dir },
  );
  await rm(list, { force: true });
  if (code !== 0) throw new MediaInputError('mediaRecordingFailed');
}

/**
 * Makes the VOD video of a finished stream's live-to-VOD recording: the parts are joined, and the
 * file enters the VOD pipeline exactly like a completed upload (source file, upload row complete,
 * status processing, transcode job), in one transaction that also points the stream at the video.
 * Idempotent: a retried job finds the stream's video and stops.
 */
export async function makeRecordingVideo(app: FastifyInstance, streamId: string): Promise<void> {
  const { db, config, log } = app;
  await app.ingest.stopStream(streamId);
  const row = await findStreamById(db, streamId);
  if (row?.status !== 'finished' || row.recording_video_id !== null) return;
  const { live } = app.media;
  // With a bucket, the parts (put there by whichever instance held each publish) are fetched into a
  // scratch folder; on the disk they are read where the ingest wrote them.
  const dir = live.remote
    ? await fetchRecording(app, row.account_id, row.id)
    : recordingDir(config.dataDir, row.account_id, row.id);
  const clear = async () => {
    await rm(liveDir(config.dataDir, row.account_id, row.id), { recursive: true, force: true });
    if (live.remote) {
      await live.removePrefix(`${row.account_id}/${row.id}`);
      await rm(dir, { recursive: true, force: true });
    }
  };
  const nothing = async (reason: string) => {
    log.info({ streamId, reason }, 'live recording: no video made');
    await clearRecordingStatus(db, streamId);
    await clear();
  };
  const parts = await recordingParts(dir);
  if (!row.transcode.enableLive2vod || parts.length === 0) return nothing('nothing was recorded');

  const joined = join(dir, 'recording.mkv');
  try {
    await concatParts(config.ffmpegPath, parts, joined);
    // The joined file enters the VOD pipeline, whose transcode probes it again (allow-list, -f).
    await probe(config, joined, dir);
  } catch (error) {
    if (error instanceof MediaInputError) return nothing(error.message);
    throw error;
  }
  const size = (await stat(joined)).size;
  // The source is put before the transaction that creates the video and queues its transcode (a
  // bucket put can take minutes: never inside a transaction), under an id chosen now. A job that lost
  // the race to another run removes what it put; a job killed between the put and the commit leaves
  // it under an id no video has (docs/storage.md "Deletion").
  const id = randomUUID();
  await app.media.uploads.store.putSource(id, joined);
  const videoId = await db.transaction().execute(async (trx) => {
    const current = await lockRecordingVideoId(trx, streamId);
    if (current !== null) return null;
    await createVideo(trx, {
      id,
      accountId: row.account_id,
      directoryId: null,
      title: row.nome,
      description: '',
      createdBy: null,
    });
    await markUploadComplete(trx, id, size);
    await updateVideo(trx, id, {
      status: 'processing',
      transcode_progress: 0,
      transcode_started_at: null,
      error: null,
    });
    await app.media.enqueueTranscode(trx, id);
    await setRecordingVideo(trx, streamId, id);
    return id;
  });
  if (!videoId) await app.media.uploads.store.remove(id);
  await clear();
  if (videoId) log.info({ streamId, videoId, parts: parts.length, size }, 'live recording became a video');
}

/** Seconds the job waits for the parts other instances are still putting. */
const MARK_WAITS = 60;

/** The recording parts of a stream in the bucket, copied to a scratch folder (named as on the disk). */
async function fetchRecording(app: FastifyInstance, accountId: string, streamId: string): Promise<string> {
  const { live } = app.media;
  const dir = await live.scratchDir();
  // A part still being recorded, or being put, by the instance that held a publish: waited for (that
  // instance ends the publish within seconds of the completion); a mark left by a killed one is not.
  let keys = await live.list(recordingKey(accountId, streamId));
  for (let i = 0; i < MARK_WAITS && keys.some((k) => k.key.endsWith(RECORDING_MARK)); i++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    keys = await live.list(recordingKey(accountId, streamId));
  }
  for (const { key } of keys.filter((k) => !k.key.endsWith(RECORDING_MARK))) {
    const name = key.slice(key.lastIndexOf('/') + 1);
    const file = await live.open(key);
    if (file) await pipeline(file.stream, createWriteStream(join(dir, name)));
  }
  return dir;
}

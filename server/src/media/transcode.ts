import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { JobWithMetadata, SendOptions } from 'pg-boss';
import { recordEncoded } from '../billing/metering.ts';
import { activeJobIds } from '../db/job-queue.ts';
import { findVideo, setTranscodeProgress, updateVideo } from '../db/repositories/videos.ts';
import { t } from '../lib/i18n.ts';
import { MediaInputError, makeThumbnail, probe, transcodeToHls } from './ffmpeg.ts';
import { videoPrefix } from './storage.ts';

export const TRANSCODE_QUEUE = 'video-transcode';

/** How a transcode job is queued: retried (after a restart or an infrastructure error), never forever. */
export const TRANSCODE_JOB_OPTIONS: SendOptions = {
  retryLimit: 3,
  retryDelay: 5,
  expireInSeconds: 4 * 3600,
};

const PROGRESS_WRITE_MS = 1000;

interface Running {
  videoId: string;
  controller: AbortController;
}

/**
 * The transcode worker: one job at a time per instance (ffmpeg already uses every core), ffmpeg as a
 * child process, progress written to the database about once a second.
 */
export class Transcoder {
  private running: Running | null = null;

  constructor(private readonly app: FastifyInstance) {}

  async start(): Promise<void> {
    const { boss } = this.app.jobs;
    await boss.createQueue(TRANSCODE_QUEUE, TRANSCODE_JOB_OPTIONS);
    if (this.app.jobs.singleProcess) {
      // Jobs left active by a process of this data dir that was killed: nobody is running them.
      const orphans = await activeJobIds(this.app.db, TRANSCODE_QUEUE);
      if (orphans.length > 0) await boss.fail(TRANSCODE_QUEUE, orphans);
    }
    await boss.work(
      TRANSCODE_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
      async ([job]: JobWithMetadata<{ videoId: string }>[]) => {
        if (job)
          await this.app.jobs.settle(() => this.run(job.data.videoId, job.retryCount >= job.retryLimit));
      },
    );
    this.app.jobs.beforeStop(() => this.running?.controller.abort('shutdown'));
  }

  /** `video_status` on the account websocket; a failure to raise it never fails the transcode. */
  private announce(accountId: string, videoId: string, status: string, progress: number): void {
    this.app.runInBackground('realtime: video_status', () =>
      this.app.events.publish(accountId, 'video_status', {
        video_id: videoId,
        status,
        progress,
        queued: false,
      }),
    );
  }

  /** Stops the transcode of a deleted video, if this instance runs it. */
  cancel(videoId: string): void {
    if (this.running?.videoId === videoId) this.running.controller.abort('deleted');
  }

  private async run(videoId: string, lastAttempt: boolean): Promise<void> {
    const { db, log, config, media } = this.app;
    const video = await findVideo(db, videoId);
    if (video?.status !== 'processing') return;
    const controller = new AbortController();
    this.running = { videoId, controller };
    // From here the video is transcoding, no longer waiting behind another one: the library stops
    // saying "Na fila" (docs/uploads.md "Queued transcodes").
    await updateVideo(db, videoId, { transcode_started_at: new Date(), transcode_progress: 0 });
    this.announce(video.account_id, videoId, 'processing', 0);
    const scratch = await media.storage.scratchDir();
    try {
      const source = await media.uploads.store.localSource(videoId, scratch);
      if (!source) throw new Error(`video ${videoId}: no source to transcode`);
      const info = await probe(config, source, dirname(source));
      await updateVideo(db, videoId, {
        duration_seconds: info.duration,
        width: info.width,
        height: info.height,
        transcode_progress: 0,
      });
      let shown = 0;
      let writtenAt = 0;
      const renditions = await transcodeToHls(
        config,
        source,
        join(scratch, 'hls'),
        info,
        (fraction) => {
          // 100 is kept for "done": the playlists are not in place before the end.
          const percent = Math.min(99, Math.floor(fraction * 100));
          if (percent <= shown || Date.now() - writtenAt < PROGRESS_WRITE_MS) return;
          shown = percent;
          writtenAt = Date.now();
          setTranscodeProgress(db, videoId, percent).catch((error: unknown) =>
            log.warn({ err: error, videoId }, 'could not store transcode progress'),
          );
          this.announce(video.account_id, videoId, 'processing', percent);
        },
        controller.signal,
      );
      await makeThumbnail(
        config,
        source,
        info.format,
        join(scratch, 'thumbnail.jpg'),
        info.duration,
        controller.signal,
      );

      const current = await findVideo(db, videoId);
      if (current?.status !== 'processing') return;
      const prefix = videoPrefix(current.account_id, videoId);
      await media.storage.putDirectory(`${prefix}/hls`, join(scratch, 'hls'));
      await media.storage.putFile(`${prefix}/thumbnail.jpg`, join(scratch, 'thumbnail.jpg'));
      // Deleted while its files were being copied: the delete's removal may have run before the copy
      // ended, so what was copied is removed here, and no folder outlives its video.
      if (!(await findVideo(db, videoId))) {
        await media.storage.removePrefix(prefix);
        return;
      }
      await updateVideo(db, videoId, {
        status: 'ready',
        error: null,
        transcode_progress: 100,
        renditions,
        ...(current.custom_thumbnail ? {} : { thumbnail_key: 'thumbnail.jpg' }),
      });
      this.announce(video.account_id, videoId, 'ready', 100);
      await recordEncoded(db, {
        accountId: current.account_id,
        videoId,
        durationSeconds: info.duration,
        renditions: renditions.length,
        at: new Date(),
      }).catch((error: unknown) => log.error({ err: error, videoId }, 'could not meter a transcode'));
      log.info({ videoId, renditions: renditions.map((r) => r.name) }, 'video transcoded');
    } catch (error) {
      if (controller.signal.aborted) {
        // Deleted: nothing to report. Shutdown: the job goes back to the queue and runs again.
        if (controller.signal.reason === 'deleted') return;
        throw error;
      }
      if (error instanceof MediaInputError || lastAttempt) {
        const reason =
          error instanceof MediaInputError ? error.message : t('pt-BR', 'mediaTranscodeInternal');
        log.warn({ err: error, videoId }, 'transcode failed');
        await updateVideo(db, videoId, { status: 'failed', error: reason });
        this.announce(video.account_id, videoId, 'failed', 0);
        return;
      }
      throw error;
    } finally {
      this.running = null;
      await rm(scratch, { recursive: true, force: true });
    }
  }
}

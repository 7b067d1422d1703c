import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { JobWithMetadata, SendOptions } from 'pg-boss';
import { activeJobIds } from '../db/job-queue.ts';
import { type ActivityEntry, recordActivity } from '../db/repositories/activity-log.ts';
import {
  findSubtitleJob,
  setSubtitleJobProgress,
  updateSubtitleJob,
} from '../db/repositories/subtitle-jobs.ts';
import { upsertSubtitle } from '../db/repositories/video-subtitles.ts';
import { findVideo } from '../db/repositories/videos.ts';
import type { Executor } from '../db/schema.ts';
import type { VideoRow } from '../db/tables/videos.ts';
import { toRecord } from '../lib/activity.ts';
import { run } from './ffmpeg-run.ts';
import { detectSpeechEngines, engineFor, languagesOf, type SpeechEngine } from './speech.ts';
import { videoPrefix } from './storage.ts';
import { toVtt } from './subtitles.ts';

export const SUBTITLES_QUEUE = 'video-subtitles';

/** Retried once after an infrastructure error or a restart; a job never outlives its timeout. */
export function subtitleJobOptions(timeoutSeconds: number): SendOptions {
  return { retryLimit: 1, retryDelay: 5, expireInSeconds: timeoutSeconds + 60 };
}

const PROGRESS_WRITE_MS = 1000;

/** Why a job failed, as a message key of i18n-videos.ts: the user reads it in their language. */
export type SubtitleFailure =
  | 'subtitlesNoAudio'
  | 'subtitlesNoSpeech'
  | 'subtitlesSourceMissing'
  | 'subtitlesTimedOut'
  | 'subtitlesEngineFailed'
  | 'subtitlesLanguageUnavailable'
  | 'subtitlesVideoNotReady';

class JobFailure extends Error {
  constructor(readonly key: SubtitleFailure) {
    super(key);
  }
}

/**
 * Stores a WebVTT track as the video's subtitle of `language` (replacing the one it had), the way an
 * uploaded file is stored: a new file name each time, the row, the activity entry, the old file removed.
 */
export async function saveSubtitleTrack(
  app: FastifyInstance,
  video: VideoRow,
  language: string,
  vtt: string,
  activity: Pick<ActivityEntry, 'actor' | 'ip' | 'userAgent'>,
  record: Record<string, unknown> = {},
): Promise<string> {
  const { storage } = app.media;
  const prefix = videoPrefix(video.account_id, video.id);
  // A new name each time: a cached old file is never mistaken for the new one.
  const key = `subtitles/${language}-${Date.now().toString(36)}.vtt`;
  const scratch = await storage.scratchDir();
  try {
    await writeFile(join(scratch, 'file.vtt'), vtt);
    await storage.putFile(`${prefix}/${key}`, join(scratch, 'file.vtt'));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  const previous = await app.db.transaction().execute(async (trx: Executor) => {
    const replaced = await upsertSubtitle(trx, { videoId: video.id, language, fileKey: key });
    await recordActivity(trx, {
      ...activity,
      accountId: video.account_id,
      event: 'LEGENDA_CRIADA',
      identifier: video.id,
      record: toRecord({ language, title: video.title, ...record }),
    });
    return replaced;
  });
  if (previous && previous !== key) await storage.remove(`${prefix}/${previous}`);
  return key;
}

/**
 * Automatic subtitles (docs/api-videos.md "Automatic subtitles"): a pg-boss job per request. The audio is
 * extracted with ffmpeg (16 kHz mono WAV, at most SUBTITLES_MAX_SECONDS), transcribed by a local engine
 * (speech.ts), and the cues stored as the video's subtitle track of that language. One job at a time per
 * instance (the engines use the cores); progress is written to the job's row about once a second.
 */
export class SubtitleMaker {
  private engines: SpeechEngine[] = [];
  private running: { jobId: string; videoId: string; controller: AbortController } | null = null;

  constructor(private readonly app: FastifyInstance) {}

  /** Primary language subtags some engine recognises; empty: automatic subtitles are off. */
  get languages(): string[] {
    return languagesOf(this.engines);
  }

  engineFor(language: string): SpeechEngine | undefined {
    return engineFor(this.engines, language);
  }

  async start(): Promise<void> {
    const { config, log } = this.app;
    this.engines = await detectSpeechEngines(config.subtitles);
    log.info({ engines: this.engines.map((e) => e.name), languages: this.languages }, 'automatic subtitles');
    const { boss } = this.app.jobs;
    await boss.createQueue(SUBTITLES_QUEUE, subtitleJobOptions(config.subtitles.timeoutSeconds));
    if (this.app.jobs.singleProcess) {
      // Jobs left active by a killed process of this data dir: nobody runs them; pg-boss retries them.
      const orphans = await activeJobIds(this.app.db, SUBTITLES_QUEUE);
      if (orphans.length > 0) await boss.fail(SUBTITLES_QUEUE, orphans);
    }
    await boss.work(
      SUBTITLES_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
      async ([job]: JobWithMetadata<{ jobId: string }>[]) => {
        if (job) await this.run(job.data.jobId, job.retryCount >= job.retryLimit);
      },
    );
    this.app.jobs.beforeStop(() => this.running?.controller.abort('shutdown'));
  }

  /** Queues a job row's work, inside the transaction that inserted the row. */
  async enqueue(trx: Executor, jobId: string): Promise<void> {
    const options = subtitleJobOptions(this.app.config.subtitles.timeoutSeconds);
    await this.app.jobs.send(SUBTITLES_QUEUE, { jobId }, options, trx);
  }

  /** Stops the job of a deleted video, if this instance runs it. */
  cancel(videoId: string): void {
    if (this.running?.videoId === videoId) this.running.controller.abort('deleted');
  }

  private async fail(jobId: string, key: SubtitleFailure): Promise<void> {
    await updateSubtitleJob(this.app.db, jobId, { status: 'failed', error: key });
  }

  private async run(jobId: string, lastAttempt: boolean): Promise<void> {
    const { db, log, config, media } = this.app;
    const job = await findSubtitleJob(db, jobId);
    if (!job || (job.status !== 'queued' && job.status !== 'running')) return;
    const video = await findVideo(db, job.video_id);
    if (!video) return;
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort('timeout'), config.subtitles.timeoutSeconds * 1000);
    this.running = { jobId, videoId: video.id, controller };
    const scratch = await media.storage.scratchDir();
    try {
      const engine = this.engineFor(job.language);
      if (!engine) throw new JobFailure('subtitlesLanguageUnavailable');
      if (video.status !== 'ready') throw new JobFailure('subtitlesVideoNotReady');
      await updateSubtitleJob(db, jobId, {
        status: 'running',
        progress: 0,
        engine: engine.name,
        error: null,
      });

      const source = await media.uploads.store.localSource(video.id, scratch);
      if (!source) throw new JobFailure('subtitlesSourceMissing');
      const wav = join(scratch, 'audio.wav');
      const duration = Math.min(
        video.duration_seconds ?? config.subtitles.maxSeconds,
        config.subtitles.maxSeconds,
      );
      await extractAudio(config.ffmpegPath, source, wav, config.subtitles.maxSeconds, controller.signal);

      let shown = 0;
      let writtenAt = 0;
      const cues = await engine.transcribe(wav, job.language, {
        duration,
        signal: controller.signal,
        onProgress: (fraction) => {
          // 100 is kept for "done": the track is not stored before the end.
          const percent = Math.min(99, Math.floor(fraction * 100));
          if (percent <= shown || Date.now() - writtenAt < PROGRESS_WRITE_MS) return;
          shown = percent;
          writtenAt = Date.now();
          setSubtitleJobProgress(db, jobId, percent).catch((error: unknown) =>
            log.warn({ err: error, jobId }, 'could not store subtitles progress'),
          );
        },
      });
      if (cues.length === 0) throw new JobFailure('subtitlesNoSpeech');

      const current = await findVideo(db, video.id);
      if (!current) return;
      await saveSubtitleTrack(
        this.app,
        current,
        job.language,
        toVtt(cues),
        { actor: null, ip: null, userAgent: null },
        {
          automatic: true,
          engine: engine.name,
        },
      );
      await updateSubtitleJob(db, jobId, { status: 'done', progress: 100, error: null });
      log.info({ jobId, videoId: video.id, language: job.language, cues: cues.length }, 'subtitles made');
    } catch (error) {
      if (error instanceof JobFailure) {
        log.warn({ jobId, videoId: video.id, reason: error.key }, 'automatic subtitles failed');
        await this.fail(jobId, error.key);
        return;
      }
      if (controller.signal.aborted) {
        const reason = controller.signal.reason;
        // Deleted: the row went with the video. Shutdown: pg-boss gives the job back and it runs again.
        if (reason === 'deleted') return;
        if (reason === 'timeout') {
          log.warn({ jobId, videoId: video.id }, 'automatic subtitles timed out');
          await this.fail(jobId, 'subtitlesTimedOut');
          return;
        }
        throw error;
      }
      log.error({ err: error, jobId, videoId: video.id }, 'automatic subtitles failed');
      if (lastAttempt) {
        await this.fail(jobId, 'subtitlesEngineFailed');
        return;
      }
      throw error;
    } finally {
      clearTimeout(timeout);
      this.running = null;
      await rm(scratch, { recursive: true, force: true });
    }
  }
}

/** The first audio stream as 16 kHz mono 16-bit PCM WAV, at most `maxSeconds` long. */
async function extractAudio(
  ffmpegPath: string,
  source: string,
  wav: string,
  maxSeconds: number,
  signal: AbortSignal,
): Promise<void> {
  const result = await run(
    ffmpegPath,
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-i',
      source,
      '-map',
      '0:a:0',
      '-vn',
      '-ac',
      '1',
      '-ar',
      '16000',
      '-c:a',
      'pcm_s16le',
      '-t',
      String(maxSeconds),
      wav,
    ],
    { signal },
  );
  if (result.code === 0) return;
  if (/matches no streams|does not contain any stream/i.test(result.stderr))
    throw new JobFailure('subtitlesNoAudio');
  throw new Error(`ffmpeg could not extract the audio (${result.code ?? result.signal}): ${result.stderr}`);
}

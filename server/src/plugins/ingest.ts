import fp from 'fastify-plugin';
import type { Job } from 'pg-boss';
import { recordLive } from '../billing/metering.ts';
import { Ingest } from '../media/ingest.ts';
import { autoStart } from '../media/live-automation.ts';
import { LiveMonitor } from '../media/live-monitor.ts';
import { makeRecordingVideo, RECORDING_JOB_OPTIONS, RECORDING_QUEUE } from '../media/live-recording.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ingest: Ingest;
    /** The RTMP ingest's port while it listens (INGEST_PORT, or the free port it got); null when off. */
    ingestPort: number | null;
  }
}

/**
 * The RTMP ingest (docs/api-streams.md "Ingest") and the job that turns a finished stream's
 * live-to-VOD recording into a video. The job runs whether or not this instance listens for RTMP.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const ingest = new Ingest({
      db: app.db,
      log: app.log,
      dataDir: config.dataDir,
      live: app.media.live,
      ffmpegPath: config.ffmpegPath,
      autoStart: (key) => autoStart(app, key),
      onEnded: (publish) => recordLive(app.db, publish),
    });
    app.decorate('ingest', ingest);
    app.decorate('ingestPort', null);

    const { boss } = app.jobs;
    await boss.createQueue(RECORDING_QUEUE, RECORDING_JOB_OPTIONS);
    await boss.work(
      RECORDING_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 1 },
      async ([job]: Job<{ streamId: string }>[]) => {
        if (job) await makeRecordingVideo(app, job.data.streamId);
      },
    );

    if (config.ingestPort !== null) {
      try {
        app.ingestPort = await ingest.listen(config.ingestPort, config.ingestHost);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
        throw new Error(
          `INGEST_PORT ${config.ingestPort} is in use: set INGEST_PORT to a free port, or to off for no RTMP ingest`,
        );
      }
      app.log.info({ port: app.ingestPort }, 'rtmp ingest listening');
    }
    // Signal health and auto cuts; every instance sweeps (a stream's signals may publish elsewhere).
    const monitor = new LiveMonitor(app);
    monitor.start();
    // Before the job queue and the database close: publishes end, ffmpeg finishes its files.
    app.addHook('preClose', async () => {
      monitor.stop();
      await ingest.close();
    });
  },
  { name: 'ingest', dependencies: ['db', 'jobs', 'media', 'realtime'] },
);

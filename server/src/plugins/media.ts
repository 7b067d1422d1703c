import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { Executor } from '../db/schema.ts';
import { MediaSigner } from '../media/signing.ts';
import { LocalDiskStorage, type MediaStorage } from '../media/storage.ts';
import { SubtitleMaker } from '../media/subtitle-jobs.ts';
import { TRANSCODE_JOB_OPTIONS, TRANSCODE_QUEUE, Transcoder } from '../media/transcode.ts';
import { DiskUploads, UploadFiles, type UploadStore } from '../media/upload-files.ts';
import { UploadService } from '../media/upload-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    media: Media;
  }
}

export interface Media {
  /** Renditions, thumbnails, images, subtitles: `DATA_DIR/media` or the bucket's `media/`. */
  storage: MediaStorage;
  /** Live viewer and preview files: `DATA_DIR/live` (written there by ffmpeg) or the bucket's `live/`,
   * where the ingest copies them as they complete (media/live-sync.ts). */
  live: MediaStorage;
  signer: MediaSigner;
  uploads: UploadService;
  transcoder: Transcoder;
  /** Automatic subtitles: the speech-recognition engines and their job. */
  subtitles: SubtitleMaker;
  /** Queues the transcode of a completed upload, inside the transaction that records completion. */
  enqueueTranscode(trx: Executor, videoId: string): Promise<void>;
}

/** Media storage (DATA_DIR/media and DATA_DIR/uploads, or a bucket: docs/storage.md), signed URLs, the
 * transcoder and the automatic-subtitles job. */
export default fp(
  async (app) => {
    const { dataDir, storage: chosen } = app.config;
    let storage: MediaStorage;
    let live: MediaStorage;
    let store: UploadStore;
    if (chosen.kind === 's3') {
      // The AWS SDK (~15 MB once loaded) is loaded only by an instance whose media are in a bucket
      // (docs/server.md "Memory"); the server bundle keeps these modules in a chunk of their own.
      const { S3Storage, s3Client } = await import('../media/s3-storage.ts');
      const { S3Uploads } = await import('../media/s3-uploads.ts');
      const client = s3Client(chosen);
      const scratch = join(dataDir, 'scratch');
      storage = new S3Storage(client, chosen, 'media/', scratch);
      live = new S3Storage(client, chosen, 'live/', scratch);
      store = new S3Uploads(new S3Storage(client, chosen, 'uploads/', scratch));
      app.addHook('onClose', async () => client.destroy());
    } else {
      storage = new LocalDiskStorage(join(dataDir, 'media'));
      live = new LocalDiskStorage(join(dataDir, 'live'));
      store = new DiskUploads(new UploadFiles(join(dataDir, 'uploads')));
    }
    const uploads = new UploadService(app.db, store, app.log);
    const transcoder = new Transcoder(app);
    const subtitles = new SubtitleMaker(app);
    app.decorate('media', {
      storage,
      live,
      signer: new MediaSigner(app.jwtKey),
      uploads,
      transcoder,
      subtitles,
      async enqueueTranscode(trx, videoId) {
        await app.jobs.send(TRANSCODE_QUEUE, { videoId }, TRANSCODE_JOB_OPTIONS, trx);
      },
    } satisfies Media);
    if (app.jobs.singleProcess) await uploads.releaseStaleLeases();
    await transcoder.start();
    await subtitles.start();
  },
  { name: 'media', dependencies: ['db', 'auth', 'jobs'] },
);

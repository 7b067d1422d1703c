import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { Executor } from '../db/schema.ts';
import { MediaSigner } from '../media/signing.ts';
import { LocalDiskStorage, type MediaStorage } from '../media/storage.ts';
import { SubtitleMaker } from '../media/subtitle-jobs.ts';
import { TRANSCODE_JOB_OPTIONS, TRANSCODE_QUEUE, Transcoder } from '../media/transcode.ts';
import { UploadFiles } from '../media/upload-files.ts';
import { UploadService } from '../media/upload-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    media: Media;
  }
}

export interface Media {
  storage: MediaStorage;
  signer: MediaSigner;
  uploads: UploadService;
  transcoder: Transcoder;
  /** Automatic subtitles: the speech-recognition engines and their job. */
  subtitles: SubtitleMaker;
  /** Queues the transcode of a completed upload, inside the transaction that records completion. */
  enqueueTranscode(trx: Executor, videoId: string): Promise<void>;
}

/** Media storage (DATA_DIR/media), upload files (DATA_DIR/uploads), signed URLs, the transcoder and
 * the automatic-subtitles job. */
export default fp(
  async (app) => {
    const storage = new LocalDiskStorage(join(app.config.dataDir, 'media'));
    const uploads = new UploadService(app.db, new UploadFiles(join(app.config.dataDir, 'uploads')), app.log);
    const transcoder = new Transcoder(app);
    const subtitles = new SubtitleMaker(app);
    app.decorate('media', {
      storage,
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

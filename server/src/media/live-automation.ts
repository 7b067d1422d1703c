import type { FastifyInstance } from 'fastify';
import { recordActivity } from '../db/repositories/activity-log.ts';
import {
  autoStartStreamByKey,
  finishSilentStreams,
  markRecordingProcessing,
} from '../db/repositories/live-ingest.ts';
import type { Executor } from '../db/schema.ts';
import type { LiveStreamRow } from '../db/tables/streams.ts';
import { toRecord } from '../lib/activity.ts';
import { RECORDING_JOB_OPTIONS, RECORDING_QUEUE } from './live-recording.ts';

/**
 * A stream that finishes with live-to-VOD on and a recording becomes a video by a job queued in the
 * transaction that finishes it (it survives a restart). Shared by the control route and the auto cut.
 */
export async function queueRecording(
  app: FastifyInstance,
  trx: Executor,
  accountId: string,
  finished: LiveStreamRow,
): Promise<void> {
  if (!finished.transcode.enableLive2vod || !(await app.ingest.hasRecording(accountId, finished.id))) return;
  await markRecordingProcessing(trx, finished.id);
  finished.recording_status = 'processing';
  await app.jobs.send(RECORDING_QUEUE, { streamId: finished.id }, RECORDING_JOB_OPTIONS, trx);
}

/**
 * Auto start (docs/realtime.md "Auto start and auto cuts"): a publish to a scheduled stream with auto start
 * on, at or after its scheduled time, starts it. Logged without a responsible (the system did it).
 */
export async function autoStart(app: FastifyInstance, key: string): Promise<LiveStreamRow | undefined> {
  const row = await app.db.transaction().execute(async (trx) => {
    const started = await autoStartStreamByKey(trx, key);
    if (started) await logAutomatic(trx, started, 'TRANSMISSAO_INICIADA_AUTOMATICAMENTE', 'auto_start');
    return started;
  });
  if (row) {
    app.log.info({ streamId: row.id }, 'live started automatically by a publish');
    await app.events.publish(row.account_id, 'live_status', {
      live_id: row.id,
      titulo: row.nome,
      status: 'live',
      motivo: 'auto_start',
    });
  }
  return row;
}

/**
 * Auto cuts (docs/realtime.md "Auto start and auto cuts"): a live with auto cuts on whose signals carried no
 * content for `autoCutMs` (counted from the last content, or from when it went live) is ended. Every instance
 * may sweep: the guarded update lets one of them end each stream.
 */
export async function cutSilentStreams(app: FastifyInstance, autoCutMs: number): Promise<void> {
  const cut = await app.db.transaction().execute(async (trx) => {
    const rows = await finishSilentStreams(trx, autoCutMs);
    for (const row of rows) {
      await queueRecording(app, trx, row.account_id, row);
      await logAutomatic(trx, row, 'TRANSMISSAO_ENCERRADA_AUTOMATICAMENTE', 'auto_cut');
    }
    return rows;
  });
  for (const row of cut) {
    app.log.info({ streamId: row.id }, 'live ended automatically: no signal');
    await app.ingest.streamChanged(row.id);
    await app.events.publish(row.account_id, 'live_status', {
      live_id: row.id,
      titulo: row.nome,
      status: 'finished',
      motivo: 'auto_cut',
    });
  }
}

function logAutomatic(
  trx: Executor,
  row: LiveStreamRow,
  event: 'TRANSMISSAO_INICIADA_AUTOMATICAMENTE' | 'TRANSMISSAO_ENCERRADA_AUTOMATICAMENTE',
  motivo: 'auto_start' | 'auto_cut',
): Promise<void> {
  return recordActivity(trx, {
    actor: null,
    ip: null,
    userAgent: null,
    accountId: row.account_id,
    event,
    identifier: row.id,
    record: toRecord({ nome: row.nome, status: row.status, motivo }),
  });
}

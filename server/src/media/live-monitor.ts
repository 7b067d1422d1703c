import type { FastifyInstance } from 'fastify';
import { markSignalContent, streamsWithFpsLimit } from '../db/repositories/live-ingest.ts';
import type { ActivePublish } from './ingest.ts';
import { cutSilentStreams } from './live-automation.ts';
import { FPS_TOLERANCE } from './signal-health.ts';

/** `alerta_fps_alto` at most this often per live (docs/realtime.md "Event catalogue"). */
export const FPS_ALERT_EVERY_MS = 10_000;

/**
 * Every `healthIntervalMs`: the health of each publishing signal as `sinal_saude` (and a last one,
 * `publicando: false`, when it stops), `alerta_fps_alto` above the team's limit, the streams' last
 * content time, and the auto-cut sweep.
 */
export class LiveMonitor {
  private readonly lastAlert = new Map<string, number>();
  private previous = new Map<string, ActivePublish>();
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(private readonly app: FastifyInstance) {}

  start(): void {
    const { healthIntervalMs } = this.app.config.realtime;
    this.timer = setInterval(() => void this.tick(), healthIntervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.measure();
      await cutSilentStreams(this.app, this.app.config.realtime.autoCutMs);
    } catch (error) {
      this.app.log.warn({ err: error }, 'live monitor: tick failed');
    } finally {
      this.running = false;
    }
  }

  private async measure(): Promise<void> {
    const { app } = this;
    const active = app.ingest.active();
    const current = new Map(active.map((p) => [`${p.streamId}/${p.signalId}`, p]));
    for (const [key, gone] of this.previous) {
      if (current.has(key)) continue;
      await app.events.publish(gone.accountId, 'sinal_saude', {
        live_id: gone.streamId,
        signal_id: gone.signalId,
        ...{ fps: null, video_kbps: null, audio_kbps: null, keyframe_interval_s: null },
        ...{ width: null, height: null, drift_ms: null },
        saude: 'failing',
        motivo: 'sem_sinal',
        publicando: false,
      });
    }
    this.previous = current;
    if (active.length === 0) return;

    const streams = await streamsWithFpsLimit(app.db, [...new Set(active.map((p) => p.streamId))]);
    const byId = new Map(streams.map((s) => [s.id, s]));
    const withContent = new Set<string>();
    for (const publish of active) {
      const stream = byId.get(publish.streamId);
      if (!stream) continue;
      const figures = publish.meter.figures(stream.fps_limit);
      if (figures.motivo !== 'sem_video') withContent.add(publish.streamId);
      await app.events.publish(publish.accountId, 'sinal_saude', {
        live_id: publish.streamId,
        signal_id: publish.signalId,
        ...figures,
        publicando: true,
      });
      if (figures.fps !== null && figures.fps > stream.fps_limit + FPS_TOLERANCE) {
        await this.alert(publish, stream.nome, figures.fps, stream.fps_limit);
      }
    }
    await markSignalContent(app.db, [...withContent]);
  }

  private async alert(publish: ActivePublish, titulo: string, fps: number, limite: number): Promise<void> {
    const now = Date.now();
    if (now - (this.lastAlert.get(publish.streamId) ?? 0) < FPS_ALERT_EVERY_MS) return;
    this.lastAlert.set(publish.streamId, now);
    await this.app.events.publish(publish.accountId, 'alerta_fps_alto', {
      live_id: publish.streamId,
      titulo,
      fps,
      limite,
    });
  }
}

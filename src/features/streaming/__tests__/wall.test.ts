import { describe, expect, it } from 'vitest';
import type { SignalHealthEvent } from '@/lib/realtime/events';
import { onWall, WALL_SOON_MS, wallOrder } from '../lib/wall';
import { HEALTH_FRESH_MS, healthFromEvents, healthFromStatus } from '../realtime/health';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();

describe('the wall', () => {
  it('shows live and paused lives, and scheduled ones within 12 hours either side of now', () => {
    expect(onWall({ status: 'live', scheduledStartTime: at(-99 * WALL_SOON_MS) }, NOW)).toBe(true);
    expect(onWall({ status: 'paused', scheduledStartTime: at(99 * WALL_SOON_MS) }, NOW)).toBe(true);
    expect(onWall({ status: 'scheduled', scheduledStartTime: at(WALL_SOON_MS) }, NOW)).toBe(true);
    expect(onWall({ status: 'scheduled', scheduledStartTime: at(-WALL_SOON_MS) }, NOW)).toBe(true);
    expect(onWall({ status: 'scheduled', scheduledStartTime: at(WALL_SOON_MS + 1) }, NOW)).toBe(false);
    expect(onWall({ status: 'scheduled', scheduledStartTime: at(-WALL_SOON_MS - 1) }, NOW)).toBe(false);
    expect(onWall({ status: 'scheduled', scheduledStartTime: 'soon' }, NOW)).toBe(false);
    expect(onWall({ status: 'finished', scheduledStartTime: at(0) }, NOW)).toBe(false);
  });

  it('orders live, paused, then scheduled by time', () => {
    const order = wallOrder([
      { nome: 'c', status: 'scheduled', scheduledStartTime: at(2) },
      { nome: 'b', status: 'scheduled', scheduledStartTime: at(1) },
      { nome: 'p', status: 'paused', scheduledStartTime: at(0) },
      { nome: 'l', status: 'live', scheduledStartTime: at(5) },
    ]);
    expect(order.map((s) => s.nome)).toEqual(['l', 'p', 'b', 'c']);
  });
});

const health = (
  signal: string,
  saude: SignalHealthEvent['saude'],
  extra: Partial<SignalHealthEvent> = {},
) => ({
  id: signal,
  evento: 'sinal_saude' as const,
  timestamp: at(0),
  live_id: 'l1',
  signal_id: signal,
  fps: 25,
  video_kbps: 800,
  audio_kbps: 128,
  saude,
  motivo: saude === 'ok' ? null : 'atraso',
  publicando: true,
  receivedAt: NOW,
  ...extra,
});

describe('a live tile health', () => {
  it('from the events: the worst signal with its reason, the figures of a publishing one', () => {
    const h = healthFromEvents(
      { s1: health('s1', 'ok'), s2: health('s2', 'warning', { publicando: false, fps: null }) },
      NOW + 1_000,
    );
    expect(h).toEqual({
      health: 'warning',
      reason: 'atraso',
      fps: 25,
      videoKbps: 800,
      audioKbps: 128,
      publishing: true,
    });
  });

  it('shows the figures of the signal the warning speaks of (signal 2 over the FPS limit, not signal 1)', () => {
    const h = healthFromEvents(
      {
        s1: health('s1', 'ok', { fps: 30 }),
        s2: health('s2', 'warning', { fps: 60, motivo: 'fps_alto', video_kbps: 2500 }),
      },
      NOW + 1_000,
    );
    expect(h).toMatchObject({ health: 'warning', reason: 'fps_alto', fps: 60, videoKbps: 2500 });
    const signal = (id: string, fps: number) => ({
      signalId: id,
      publishing: true,
      width: 1280,
      height: 720,
      fps,
    });
    expect(healthFromStatus('live', [signal('s1', 30), signal('s2', 60)])).toMatchObject({
      health: 'warning',
      reason: 'fps_alto',
      fps: 60,
    });
  });

  it('ignores events that are no longer fresh', () => {
    expect(healthFromEvents({ s1: health('s1', 'failing') }, NOW + HEALTH_FRESH_MS)).toBeUndefined();
    expect(healthFromEvents(undefined, NOW)).toBeUndefined();
  });

  it('from the polled status when the socket is down', () => {
    const signal = (publishing: boolean, fps: number | null) => ({
      signalId: 's',
      publishing,
      width: 320,
      height: 240,
      fps,
    });
    expect(healthFromStatus('live', [signal(false, null)])).toMatchObject({
      health: 'failing',
      reason: 'sem_sinal',
    });
    expect(healthFromStatus('live', undefined)).toMatchObject({ health: 'failing', reason: 'sem_sinal' });
    expect(healthFromStatus('paused', [])).toMatchObject({ health: 'warning', reason: 'sem_sinal' });
    expect(healthFromStatus('live', [signal(true, 60)])).toMatchObject({
      health: 'warning',
      reason: 'fps_alto',
      fps: 60,
    });
    expect(healthFromStatus('live', [signal(true, 25)])).toMatchObject({
      health: 'ok',
      reason: null,
      fps: 25,
    });
  });
});

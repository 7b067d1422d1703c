import { describe, expect, it } from 'vitest';
import { parseFrame, SeenIds } from '../events';

const health = {
  id: '7',
  evento: 'sinal_saude',
  timestamp: '2026-11-25T12:00:00.000Z',
  live_id: 'l1',
  signal_id: 's1',
  fps: 25,
  video_kbps: 900,
  audio_kbps: 128,
  keyframe_interval_s: 1,
  width: 320,
  height: 240,
  drift_ms: 12,
  saude: 'ok',
  motivo: null,
  publicando: true,
};

describe('parseFrame', () => {
  it('reads every newline-terminated event of a frame, skipping pings, junk and unknown events', () => {
    const frame = [
      JSON.stringify(health),
      JSON.stringify({ evento: 'ping', timestamp: 'x' }),
      '{broken',
      JSON.stringify({ id: '8', evento: 'who_knows', timestamp: 'x' }),
      JSON.stringify({ id: '9', evento: 'alerta_fps_alto', timestamp: 't', live_id: 'l1', titulo: 'Show' }),
      '',
    ].join('\n');
    expect(parseFrame(frame).map((e) => [e.id, e.evento])).toEqual([
      ['7', 'sinal_saude'],
      ['9', 'alerta_fps_alto'],
    ]);
  });

  it('drops an event whose fields are wrong, and anything that is not text', () => {
    expect(parseFrame(JSON.stringify({ ...health, saude: 'great' }))).toEqual([]);
    expect(parseFrame(JSON.stringify({ ...health, live_id: 5 }))).toEqual([]);
    expect(parseFrame(new ArrayBuffer(4))).toEqual([]);
  });

  it('keeps fields it does not know yet', () => {
    const [event] = parseFrame(`${JSON.stringify({ ...health, extra: 1 })}\n`);
    expect(event).toMatchObject({ extra: 1, fps: 25 });
  });

  it('passes an analytics push on with its figures (docs/analytics.md "Push"), with or without an id', () => {
    const push = {
      evento: 'analytics',
      live_id: 'l1',
      t: 1_780_000_000_000,
      viewers: { total: 3, state: { SP: 3 } },
      videoQuality: { '720p': 100 },
    };
    const events = parseFrame(
      `${JSON.stringify(push)}\n${JSON.stringify({ ...push, id: '12', timestamp: 'x' })}`,
    );
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject(push);
    expect(events[1]?.id).toBe('12');
    expect(parseFrame(JSON.stringify({ ...push, t: 'now' }))).toEqual([]);
  });
});

describe('SeenIds', () => {
  it('accepts an id once and remembers the newest as the id to resume from', () => {
    const seen = new SeenIds();
    expect(['1', '2', '2', '3', '1'].map((id) => seen.accept(id))).toEqual([true, true, false, true, false]);
    expect(seen.last).toBe('3');
    expect(seen.accept(undefined)).toBe(true);
    expect(seen.last).toBe('3');
  });

  it('forgets the oldest ids past its capacity', () => {
    const seen = new SeenIds(3);
    for (const id of ['1', '2', '3', '4']) seen.accept(id);
    expect(seen.accept('1')).toBe(true);
    expect(seen.accept('4')).toBe(false);
  });
});

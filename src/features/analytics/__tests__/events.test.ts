import { describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '@/lib/realtime/events';
import {
  SIGNAL_CHANGE_REFRESH_MS,
  SUMMARY_PUSH_REFRESH_MS,
  seriesEventAction,
  summaryEventRefresh,
} from '../lib/events';

const base = { id: '1', timestamp: '2026-11-25T12:00:00.000Z' };
const push = { ...base, evento: 'analytics', live_id: 'l1', t: 1000, viewers: { total: 5 } } as RealtimeEvent;
const health = (publicando: boolean) =>
  ({
    ...base,
    evento: 'sinal_saude',
    live_id: 'l1',
    signal_id: 's1',
    saude: 'ok',
    publicando,
  }) as RealtimeEvent;

describe('seriesEventAction (docs/analytics.md "Push")', () => {
  it("merges the open live's pushes, on air unless known finished", () => {
    expect(seriesEventAction(push, 'l1', undefined)).toMatchObject({
      type: 'series/pushed',
      windowed: true,
      push: { liveId: 'l1', t: 1000, metrics: { viewers: { total: 5 } } },
    });
    expect(seriesEventAction(push, 'l1', false)).toMatchObject({ windowed: false });
  });
  it("ignores another live's pushes and other events; reads again after lost events", () => {
    expect(seriesEventAction(push, 'l2', true)).toBeNull();
    expect(seriesEventAction(health(true), 'l1', true)).toBeNull();
    expect(seriesEventAction({ evento: 'replay_incompleto' } as RealtimeEvent, 'l1', true)).toBe('refresh');
  });
});

describe('summaryEventRefresh', () => {
  const signals = [{ signal_id: 's1', publicando: true }];
  it('follows pushes and signal health at most every 30 s, a publish change within 5 s', () => {
    expect(summaryEventRefresh(push, 'l1', signals)).toBe(SUMMARY_PUSH_REFRESH_MS);
    expect(summaryEventRefresh(health(true), 'l1', signals)).toBe(SUMMARY_PUSH_REFRESH_MS);
    expect(summaryEventRefresh(health(false), 'l1', signals)).toBe(SIGNAL_CHANGE_REFRESH_MS);
    expect(summaryEventRefresh(health(false), 'l1', [{ signal_id: 's9' }])).toBe(SUMMARY_PUSH_REFRESH_MS);
  });
  it('reads at once on a status change of the live or lost events; ignores other lives', () => {
    const status = { ...base, evento: 'live_status', live_id: 'l1', status: 'finished' } as RealtimeEvent;
    expect(summaryEventRefresh(status, 'l1', signals)).toBe('now');
    expect(summaryEventRefresh({ evento: 'replay_incompleto' } as RealtimeEvent, 'l1', signals)).toBe('now');
    expect(summaryEventRefresh(push, 'l2', signals)).toBeNull();
    expect(
      summaryEventRefresh(
        { ...base, evento: 'espectadores', live_id: 'l2', total: 3 } as RealtimeEvent,
        'l1',
        signals,
      ),
    ).toBeNull();
  });
});

import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { parseFrame } from '@/lib/realtime/events';
import type { SignalStatus } from '../api/get-signals-status';
import { viewersKey } from '../api/get-viewers';
import { streamingKey } from '../api/stream';
import { applyStreamingEvent } from '../realtime/apply-events';
import { type HealthBySignal, healthKey } from '../realtime/health';
import { makeStream } from './fixtures';

const LIVE = 'f0000000-0000-4000-8000-000000000001';
const base = { timestamp: '2026-11-25T12:00:00Z', live_id: LIVE };
const health = (id: string, publicando: boolean) => ({
  ...base,
  id,
  evento: 'sinal_saude' as const,
  signal_id: 's1',
  fps: publicando ? 25 : null,
  saude: publicando ? ('ok' as const) : ('failing' as const),
  motivo: publicando ? null : 'sem_sinal',
  publicando,
});

function client() {
  const queryClient = new QueryClient();
  const stale = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
  return { queryClient, stale };
}

describe('applyStreamingEvent', () => {
  it('a status change shows at once and marks the stream and every list to be read again', () => {
    const { queryClient, stale } = client();
    queryClient.setQueryData(streamingKey('stream', LIVE), makeStream({ status: 'scheduled' }));
    queryClient.setQueryData(streamingKey('list', { page: 1 }), { items: [] });
    queryClient.setQueryData(streamingKey('list', 'wall'), []);
    applyStreamingEvent(queryClient, {
      ...base,
      id: '1',
      evento: 'live_status',
      status: 'live',
      motivo: 'start',
    });
    expect(queryClient.getQueryData<{ status: string }>(streamingKey('stream', LIVE))?.status).toBe('live');
    expect(stale(streamingKey('stream', LIVE))).toBe(true);
    expect(stale(streamingKey('list', { page: 1 }))).toBe(true);
    expect(stale(streamingKey('list', 'wall'))).toBe(true);
  });

  it('a viewer count from the socket replaces the one shown on the panel and the wall', () => {
    const { queryClient } = client();
    queryClient.setQueryData(viewersKey(LIVE), 3);
    const [event] = parseFrame(
      `${JSON.stringify({ ...base, id: '9', evento: 'espectadores', total: 12 })}\n`,
    );
    expect(event).toBeDefined();
    applyStreamingEvent(queryClient, event!);
    expect(queryClient.getQueryData(viewersKey(LIVE))).toBe(12);
  });

  it('health events are kept per signal with when they arrived', () => {
    const { queryClient } = client();
    applyStreamingEvent(queryClient, health('1', true), 1_000);
    applyStreamingEvent(queryClient, { ...health('2', true), signal_id: 's2', fps: 60 }, 2_000);
    const kept = queryClient.getQueryData<HealthBySignal>(healthKey(LIVE));
    expect(kept?.s1).toMatchObject({ fps: 25, receivedAt: 1_000 });
    expect(kept?.s2).toMatchObject({ fps: 60, receivedAt: 2_000 });
  });

  it("reads the panel's signal status again only when a publish starts or ends, or is not declared yet", () => {
    const { queryClient, stale } = client();
    const key = streamingKey('signals-status', LIVE);
    const status = (publishing: boolean, fps: number | null): SignalStatus[] => [
      { signalId: 's1', publishing, width: null, height: null, fps },
    ];
    queryClient.setQueryData(key, status(true, 25));
    applyStreamingEvent(queryClient, health('1', true));
    expect(stale(key)).toBe(false);
    applyStreamingEvent(queryClient, health('2', false));
    expect(stale(key)).toBe(true);
    queryClient.setQueryData(key, status(true, null));
    applyStreamingEvent(queryClient, health('3', true));
    expect(stale(key)).toBe(true);
  });
});

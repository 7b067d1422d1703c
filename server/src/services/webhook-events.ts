import type { Permission } from '../permissions.ts';
import type { EventName, EventPayloads } from './events.ts';

/** The events an endpoint may subscribe to (docs/webhooks.md). */
export const WEBHOOK_EVENTS = [
  'video.ready',
  'video.failed',
  'upload.completed',
  'live.started',
  'live.ended',
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * What reading each event's subject takes: an endpoint is registered only for events its creator (or
 * key) may read through the API, so a webhook never tells more than its registrant could ask
 * (docs/webhooks.md).
 */
export const WEBHOOK_EVENT_READ: Record<WebhookEvent, readonly [Permission, ...Permission[]]> = {
  'video.ready': ['showVOD'],
  'video.failed': ['showVOD'],
  'upload.completed': ['showVOD'],
  'live.started': ['showStreaming', 'showHistory'],
  'live.ended': ['showStreaming', 'showHistory'],
};

/** The webhook event an account event stands for, with its `data`, or null for the others. */
export function webhookEventOf<E extends EventName>(
  evento: E,
  payload: EventPayloads[E],
): { event: WebhookEvent; data: Record<string, unknown> } | null {
  if (evento === 'video_status') {
    const p = payload as EventPayloads['video_status'];
    if (p.status === 'ready') return { event: 'video.ready', data: { video_id: p.video_id } };
    if (p.status === 'failed') return { event: 'video.failed', data: { video_id: p.video_id } };
    return null;
  }
  if (evento === 'live_status') {
    const p = payload as EventPayloads['live_status'];
    const data = { live_id: p.live_id, titulo: p.titulo, motivo: p.motivo };
    if (p.status === 'live' && (p.motivo === 'start' || p.motivo === 'auto_start'))
      return { event: 'live.started', data };
    if (p.status === 'finished') return { event: 'live.ended', data };
  }
  return null;
}

/** SPEC §4 streaming statuses and the control actions (docs/api-streams.md state machine). */
import type { StreamStatus } from '@contract/streams';

export { STREAM_STATUSES, type StreamStatus } from '@contract/streams';

export const CONTROL_ACTIONS = ['start', 'pause', 'resume', 'complete'] as const;
export type ControlAction = (typeof CONTROL_ACTIONS)[number];

const FROM: Record<ControlAction, readonly StreamStatus[]> = {
  start: ['scheduled'],
  pause: ['live'],
  resume: ['paused'],
  complete: ['live', 'paused'],
};

/** The actions the current status allows, in the order the panel shows them. */
export function legalActions(status: StreamStatus): ControlAction[] {
  return CONTROL_ACTIONS.filter((a) => FROM[a].includes(status));
}

export const isLegal = (action: ControlAction, status: StreamStatus) => FROM[action].includes(status);

/** Date/time, player colour and latency are fixed once the stream has started (SPEC §4). */
export const hasStarted = (status: StreamStatus) => status !== 'scheduled';

/** A live or paused stream must be ended before it can be deleted (the server answers 409). */
export const canDelete = (status: StreamStatus) => status === 'scheduled' || status === 'finished';

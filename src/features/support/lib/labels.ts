import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { ViewFilter } from './search';

/** The player's events (the beacon types of docs/analytics.md "Beacon contract"), as support staff
 * read them on a view's timeline. */
export const EVENT_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  start: msg`Pediu para assistir (play)`,
  startup: msg`Vídeo começou (primeiro quadro)`,
  startup_failed: msg`Falha ao iniciar`,
  exit_before_start: msg`Saiu antes do vídeo começar`,
  playback_failed: msg`Falha durante a reprodução`,
  rebuffer_start: msg`Travou (início do rebuffering)`,
  rebuffer_end: msg`Voltou a tocar (fim do rebuffering)`,
  rendition: msg`Mudou de qualidade`,
  pause: msg`Pausou`,
  play: msg`Retomou após a pausa`,
  heartbeat: msg`Sinal periódico (a cada 10 s)`,
  end: msg`Fim da visualização`,
};

/** Events that end a view badly: drawn as errors on the timeline. */
export const ERROR_EVENTS: readonly string[] = ['startup_failed', 'playback_failed'];

/** A view's status (docs/analytics.md "Customer support"). */
export const VIEW_STATUS_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  loading: msg`Carregando`,
  playing: msg`Assistindo`,
  paused: msg`Pausada`,
  rebuffering: msg`Em rebuffering`,
  ended: msg`Encerrada`,
  failed: msg`Falhou`,
  exitBeforeStart: msg`Saiu antes do início`,
};

/** The tone of a status pill: a failure or an exit before the start stands out. */
export function statusTone(status: string): 'bad' | 'warn' | 'good' | 'plain' {
  if (status === 'failed' || status === 'exitBeforeStart') return 'bad';
  if (status === 'rebuffering') return 'warn';
  if (status === 'playing') return 'good';
  return 'plain';
}

/** A live's status (the live streams' words). */
export const LIVE_STATUS_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  scheduled: msg`Agendada`,
  live: msg`Ao vivo`,
  paused: msg`Pausada`,
  finished: msg`Encerrada`,
};

export const FILTER_LABELS: Readonly<Record<ViewFilter, MessageDescriptor>> = {
  failed: msg`Falharam`,
  exitBeforeStart: msg`Saíram antes do início`,
  rebuffering: msg`Com rebuffering`,
};

/** The device classes the server reads from the player's user agent. */
export const DEVICE_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  desktop: msg`Computador`,
  mobile: msg`Celular`,
  tablet: msg`Tablet`,
  tv: msg`TV`,
  bot: msg`Robô`,
};

/** A label from one of the maps above, or the value itself when it has none (a type or status newer
 * than this console): never an empty cell. */
export function labelOf(
  i18n: Pick<I18n, '_'>,
  labels: Readonly<Record<string, MessageDescriptor>>,
  value: string,
): string {
  const label = Object.hasOwn(labels, value) ? labels[value] : undefined;
  return label ? i18n._(label) : value;
}

// Portuguese files 0 under 'one' in CLDR, so each plural has an exact =0 (as in admin/counts.ts).
/** "12 visualizações": the list's total. */
export const viewsCount = (n: number) =>
  msg`${plural(n, { 0: '# visualizações', one: '# visualização', other: '# visualizações' })}`;
/** "2 paradas": how many times a view stalled. */
export const stallsCount = (n: number) =>
  msg`${plural(n, { 0: '# paradas', one: '# parada', other: '# paradas' })}`;

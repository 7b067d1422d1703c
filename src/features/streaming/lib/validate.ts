import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Temporal } from '@/lib/temporal';
import { check, maxLength, messages, pattern, required, TIME_RE, url } from '@/lib/validation';
import type { SettingsForm, StreamForm } from './form';

/** Errors by field path (the payload's dotted path, as the server's `field` names it): a descriptor
 * from the console's rules, or the server's text. */
export type FormErrors = Record<string, MessageDescriptor | string>;

export const VAST_EXAMPLE = 'https://exemplo.com/vast.xml';
export const NAME_MAX = 120;
export const DESCRIPTION_MAX = 2000;
export const SIGNAL_NAME_MAX = 60;
export const SIGNALS_MAX = 10;
/** How far ahead a stream can be scheduled (a decision: the spec has the message, not the bound). */
export const SCHEDULE_MAX_YEARS = 2;

const RESOLUTION_RE = /^\d{2,5}x\d{2,5}$/i;
const MEASUREMENT_ID_RE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export const streamMessages = {
  regionRequired: msg`Escolha ao menos uma região para liberar`,
  signalRequired: msg`Adicione ao menos um sinal`,
  resolution: msg`Resolução inválida (exemplo: 1920x1080)`,
};

/** Fields of each wizard step (create/edit: Event, Settings, Geoblock, Keys). */
export const STEP_FIELDS: readonly (readonly string[])[] = [
  ['nome', 'descricao', 'classroomDescription', 'date', 'time'],
  [
    'type',
    'latency',
    'security.referrerWhitelist',
    'assets.playerColor',
    'ads.preRollVastUrl',
    'ads.postRollVastUrl',
    'analyticsMeasurementId',
    'studio',
  ],
  ['security.geoAccessControl', 'security.geoRegionList'],
  ['signals'],
];

/** The step a field belongs to (a server error names a field: the wizard opens its step). */
export function stepOf(field: string): number {
  const i = STEP_FIELDS.findIndex((fields) => fields.some((f) => field === f || field.startsWith(`${f}.`)));
  return i < 0 ? 0 : i;
}

const put = (errors: FormErrors, field: string, error: MessageDescriptor | undefined) => {
  if (error) errors[field] = error;
};

/** The settings rules shared by both wizards. */
export function validateSettings(f: SettingsForm): FormErrors {
  const errors: FormErrors = {};
  put(errors, 'ads.preRollVastUrl', check(f.preRollVastUrl, [maxLength(2048), url(VAST_EXAMPLE)]));
  put(errors, 'ads.postRollVastUrl', check(f.postRollVastUrl, [maxLength(2048), url(VAST_EXAMPLE)]));
  put(
    errors,
    'analyticsMeasurementId',
    check(f.analyticsMeasurementId.trim(), [maxLength(64), pattern(MEASUREMENT_ID_RE)]),
  );
  if (f.geoAccessControl === 'allow' && f.geoRegionList.length === 0)
    errors['security.geoRegionList'] = streamMessages.regionRequired;
  return errors;
}

export interface DateBounds {
  /** Today in the browser's zone (the earliest date of a stream not started yet). */
  today: Temporal.PlainDate;
  /** Formats a bound for the message in the active locale. */
  display: (d: Temporal.PlainDate) => string;
  /** Edit of a stream that has started: the date is fixed and not checked. */
  locked?: boolean;
}

export function validateSchedule(T: typeof Temporal, f: Pick<StreamForm, 'date' | 'time'>, b: DateBounds) {
  const errors: FormErrors = {};
  if (b.locked) return errors;
  const dateRequired = required(f.date);
  if (dateRequired) errors.date = dateRequired;
  else {
    let date: Temporal.PlainDate | undefined;
    try {
      date = DATE_RE.test(f.date) ? T.PlainDate.from(f.date, { overflow: 'reject' }) : undefined;
    } catch {
      date = undefined;
    }
    const max = b.today.add({ years: SCHEDULE_MAX_YEARS });
    if (!date) errors.date = messages.invalidFormat;
    else if (T.PlainDate.compare(date, b.today) < 0) errors.date = messages.minDate(b.display(b.today));
    else if (T.PlainDate.compare(date, max) > 0) errors.date = messages.maxDate(b.display(max));
  }
  put(errors, 'time', check(f.time, [required, pattern(TIME_RE)]));
  return errors;
}

/** Every rule of the create/edit form (SPEC §5 messages from lib/validation). */
export function validateStreamForm(T: typeof Temporal, f: StreamForm, bounds: DateBounds): FormErrors {
  const errors: FormErrors = { ...validateSchedule(T, f, bounds), ...validateSettings(f) };
  put(errors, 'nome', check(f.nome.trim(), [required, maxLength(NAME_MAX)]));
  put(errors, 'descricao', check(f.descricao, [maxLength(DESCRIPTION_MAX)]));
  put(errors, 'classroomDescription', check(f.classroomDescription, [maxLength(DESCRIPTION_MAX)]));
  if (f.signals.length === 0) errors.signals = streamMessages.signalRequired;
  else if (f.signals.length > SIGNALS_MAX) errors.signals = messages.maxLength(SIGNALS_MAX);
  f.signals.forEach((s, i) => {
    put(errors, `signals.${i}.nome`, check(s.nome.trim(), [required, maxLength(SIGNAL_NAME_MAX)]));
    if (s.resolution.trim() && !RESOLUTION_RE.test(s.resolution.trim()))
      errors[`signals.${i}.resolution`] = streamMessages.resolution;
  });
  return errors;
}

/** Where a form field's errors are kept: the form is flat, the errors carry the payload's paths (and
 * the server names the date and the time together as `scheduledStartTime`). */
const NESTED: Partial<Record<keyof StreamForm, string>> = {
  enableLive2vod: 'transcode.enableLive2vod',
  enableDvr: 'transcode.enableDvr',
  enableAudioOnly: 'transcode.enableAudioOnly',
  referrerWhitelist: 'security.referrerWhitelist',
  geoAccessControl: 'security.geoAccessControl',
  geoRegionList: 'security.geoRegionList',
  playerColor: 'assets.playerColor',
  preRollVastUrl: 'ads.preRollVastUrl',
  postRollVastUrl: 'ads.postRollVastUrl',
  chat: 'studio.chat',
  settingsButton: 'studio.settingsButton',
  moreOptionsButton: 'studio.moreOptionsButton',
  studioColor: 'studio.studioColor',
  waitingRoomColor: 'studio.waitingRoomColor',
};

export function errorPaths(field: keyof StreamForm): string[] {
  if (field === 'date' || field === 'time') return [field, 'scheduledStartTime'];
  return [NESTED[field] ?? field];
}

/**
 * The errors after a change, checked again once a field is marked: a marked field keeps its mark only
 * while its value is still wrong (with the message of its value now), and loses it as soon as the value
 * is valid; a server's error goes when its field changes. A field not marked yet is not marked while the
 * user types (it is at the next step or on submit).
 */
export function recheckErrors(
  current: FormErrors,
  fresh: FormErrors,
  changed: readonly string[],
): FormErrors {
  const touched = (path: string) => changed.some((c) => path === c || path.startsWith(`${c}.`));
  const next: FormErrors = {};
  for (const [path, error] of Object.entries(current)) {
    const now = fresh[path];
    if (now) next[path] = now;
    else if (typeof error === 'string' && !touched(path)) next[path] = error;
  }
  return next;
}

/** The first step holding an error, or -1. */
export function firstStepWithError(errors: FormErrors): number {
  const steps = Object.keys(errors).map(stepOf);
  return steps.length ? Math.min(...steps) : -1;
}

/** Errors that belong to one step. */
export function errorsOfStep(errors: FormErrors, step: number): FormErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => stepOf(field) === step));
}

/** The time as HH:mm:ss: browsers' time inputs may leave out zero seconds. */
export const normalizeTime = (value: string) => (/^\d{2}:\d{2}$/.test(value) ? `${value}:00` : value);

/** Signals of differing resolutions (SPEC §8: a warning, not an error). */
export function mixedResolutions(signals: readonly Pick<StreamForm['signals'][number], 'resolution'>[]) {
  const set = new Set(signals.map((s) => s.resolution.trim().toLowerCase()).filter(Boolean));
  return set.size > 1;
}

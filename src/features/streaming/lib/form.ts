import type { Temporal } from '@/lib/temporal';
import type { Settings, SettingsInput, Stream, StreamInput } from '../api/stream';
import { hasStarted } from './status';

type TemporalApi = typeof Temporal;

/** One signal row of the Keys step. A signal with `id` exists on the server (and keeps its key). */
export interface SignalForm {
  id?: string;
  nome: string;
  resolution: string;
  key: string | null;
}

/** The general settings, flat (SPEC §2.7 fields): the create/edit wizard and the settings wizard. */
export interface SettingsForm {
  type: Stream['type'];
  latency: Stream['latency'];
  autoStart: boolean;
  autoCuts: boolean;
  enableLive2vod: boolean;
  enableDvr: boolean;
  enableAudioOnly: boolean;
  referrerWhitelist: string[];
  playerColor: string;
  geoAccessControl: Stream['security']['geoAccessControl'];
  geoRegionList: string[];
  preRollVastUrl: string;
  postRollVastUrl: string;
  analyticsMeasurementId: string;
  chat: boolean;
  settingsButton: boolean;
  moreOptionsButton: boolean;
  studioColor: string;
  waitingRoomColor: string;
}

export interface StreamForm extends SettingsForm {
  nome: string;
  descricao: string;
  /** The classroom's public description (shown on its registration and viewing pages). */
  classroomDescription: string;
  /** YYYY-MM-DD in the browser's time zone. */
  date: string;
  /** HH:mm:ss (SPEC §5). */
  time: string;
  signals: SignalForm[];
}

type SettingsSource = Pick<
  Settings,
  | 'type'
  | 'latency'
  | 'autoStart'
  | 'autoCuts'
  | 'transcode'
  | 'security'
  | 'ads'
  | 'analyticsMeasurementId'
  | 'studio'
> & { assets: { playerColor: string } };

/** The settings part of the form from a stream or the account preset. */
export function settingsForm(s: SettingsSource): SettingsForm {
  return {
    type: s.type,
    latency: s.latency,
    autoStart: s.autoStart,
    autoCuts: s.autoCuts,
    enableLive2vod: s.transcode.enableLive2vod,
    enableDvr: s.transcode.enableDvr,
    enableAudioOnly: s.transcode.enableAudioOnly,
    referrerWhitelist: [...s.security.referrerWhitelist],
    playerColor: s.assets.playerColor,
    geoAccessControl: s.security.geoAccessControl,
    geoRegionList: [...s.security.geoRegionList],
    preRollVastUrl: s.ads.preRollVastUrl ?? '',
    postRollVastUrl: s.ads.postRollVastUrl ?? '',
    analyticsMeasurementId: s.analyticsMeasurementId ?? '',
    chat: s.studio.chat,
    settingsButton: s.studio.settingsButton,
    moreOptionsButton: s.studio.moreOptionsButton,
    studioColor: s.studio.studioColor,
    waitingRoomColor: s.studio.waitingRoomColor,
  };
}

const blankToNull = (value: string) => value.trim() || null;

/** The settings as the API takes them (PUT /bff/lives/preset, apply-settings, and inside a stream). */
export function settingsPayload(f: SettingsForm): Required<SettingsInput> {
  return {
    type: f.type,
    latency: f.latency,
    autoStart: f.autoStart,
    autoCuts: f.autoCuts,
    transcode: {
      enableLive2vod: f.enableLive2vod,
      enableDvr: f.enableDvr,
      enableAudioOnly: f.enableAudioOnly,
    },
    security: {
      geoAccessControl: f.geoAccessControl,
      geoRegionList: [...f.geoRegionList],
      referrerWhitelist: [...f.referrerWhitelist],
    },
    assets: { playerColor: f.playerColor },
    ads: { preRollVastUrl: blankToNull(f.preRollVastUrl), postRollVastUrl: blankToNull(f.postRollVastUrl) },
    analyticsMeasurementId: blankToNull(f.analyticsMeasurementId),
    studio: {
      chat: f.chat,
      settingsButton: f.settingsButton,
      moreOptionsButton: f.moreOptionsButton,
      studioColor: f.studioColor,
      waitingRoomColor: f.waitingRoomColor,
    },
  };
}

/** Local date and time (browser zone) of an instant. */
export function localDateTime(T: TemporalApi, iso: string, zone: string): { date: string; time: string } {
  const zoned = T.Instant.from(iso).toZonedDateTimeISO(zone);
  return {
    date: zoned.toPlainDate().toString(),
    time: zoned.toPlainTime().toString({ smallestUnit: 'second' }),
  };
}

/** The instant (ISO 8601, UTC) of a local date and time in `zone`. */
export function instantOf(T: TemporalApi, date: string, time: string, zone: string): string {
  return T.PlainDateTime.from(`${date}T${time}`).toZonedDateTime(zone).toInstant().toString();
}

/** A new stream: the account's general settings, one signal, the next full hour. */
export function newStreamForm(T: TemporalApi, preset: Settings, zone: string): StreamForm {
  const next = T.Now.zonedDateTimeISO(zone)
    .round({ smallestUnit: 'hour', roundingMode: 'floor' })
    .add({ hours: 1 });
  return {
    ...settingsForm(preset),
    nome: '',
    descricao: '',
    classroomDescription: '',
    date: next.toPlainDate().toString(),
    time: next.toPlainTime().toString({ smallestUnit: 'second' }),
    signals: [{ nome: 'Sinal 1', resolution: '', key: null }],
  };
}

export function streamForm(T: TemporalApi, stream: Stream, zone: string): StreamForm {
  return {
    ...settingsForm(stream),
    nome: stream.nome,
    descricao: stream.descricao ?? '',
    classroomDescription: stream.classroomDescription ?? '',
    ...localDateTime(T, stream.scheduledStartTime, zone),
    signals: stream.signals.map((s) => ({
      id: s.id,
      nome: s.nome,
      resolution: s.resolution ?? '',
      key: s.key,
    })),
  };
}

/** POST /v1/live-streams body. */
export function createPayload(T: TemporalApi, f: StreamForm, zone: string): StreamInput {
  return {
    nome: f.nome.trim(),
    descricao: blankToNull(f.descricao),
    classroomDescription: blankToNull(f.classroomDescription),
    scheduledStartTime: instantOf(T, f.date, f.time, zone),
    ...settingsPayload(f),
    signals: f.signals.map((s) => ({ nome: s.nome.trim(), resolution: blankToNull(s.resolution) })),
  };
}

/** PATCH /v1/live-streams/{id} body. Once the stream has started, its date/time, player colour and
 * latency are left out: they cannot change (the fields are disabled and the server refuses too). */
export function patchPayload(T: TemporalApi, f: StreamForm, stream: Pick<Stream, 'status'>, zone: string) {
  const body: StreamInput = {
    ...createPayload(T, f, zone),
    signals: f.signals.map((s) => ({
      ...(s.id ? { id: s.id } : {}),
      nome: s.nome.trim(),
      resolution: blankToNull(s.resolution),
    })),
  };
  if (hasStarted(stream.status)) {
    delete body.scheduledStartTime;
    delete body.latency;
    delete body.assets;
  }
  return body;
}

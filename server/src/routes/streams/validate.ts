import { domainToASCII } from 'node:url';
import { DEFAULT_STREAM_SETTINGS, REGION_CODES } from '../../../../contract/streams.ts';
import type { StreamSettings } from '../../db/tables/streams.ts';
import { ApiError } from '../../lib/errors.ts';
import type { SettingsInputBody } from './schemas.ts';

const REGIONS = new Set(REGION_CODES);

export const VAST_EXAMPLE = 'https://exemplo.com/vast.xml';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * An authorized domain as stored (lower case, IDN as punycode), or null when it is not one: labels of
 * letters, digits and hyphens, at least two of them, a real-looking TLD; `*.` in front allows every
 * subdomain. No scheme, port or path.
 */
export function normalizeDomain(value: string): string | null {
  const trimmed = value.trim().toLowerCase();
  const wildcard = trimmed.startsWith('*.');
  const host = wildcard ? trimmed.slice(2) : trimmed;
  if (!host || /[^\p{L}\p{N}.-]/u.test(host)) return null;
  const ascii = domainToASCII(host);
  if (!ascii || ascii.length > 253) return null;
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || !TLD.test(labels.at(-1)!)) return null;
  return wildcard ? `*.${ascii}` : ascii;
}

// The alpha is `\d+(\.\d+)?` or `.\d+`: as `\d*\.?\d+` was, without two quantifiers splitting one run
// of digits between them in every way when the rest does not match (quadratic).
export const RGBA =
  /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(\d+(?:\.\d+)?|\.\d+)\s*)?\)$/i;
const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** `rgba(r, g, b, a)` from rgba()/rgb() text or #rgb/#rrggbb/#rrggbbaa, or null when it is not a colour. */
export function normalizeColor(value: string): string | null {
  const text = value.trim();
  let r: number;
  let g: number;
  let b: number;
  let a = 1;
  const rgba = RGBA.exec(text);
  const hex = HEX.exec(text);
  if (rgba) {
    [r, g, b] = [Number(rgba[1]), Number(rgba[2]), Number(rgba[3])];
    if (rgba[4] !== undefined) a = Number(rgba[4]);
  } else if (hex) {
    let digits = hex[1]!;
    if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
    [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
    if (digits.length === 8) a = Math.round((Number.parseInt(digits.slice(6), 16) / 255) * 100) / 100;
  } else {
    return null;
  }
  if ([r, g, b].some((c) => c > 255) || !(a >= 0 && a <= 1)) return null;
  return `rgba(${r}, ${g}, ${b}, ${Number(a.toFixed(2))})`;
}

/** An http(s) URL with a real host, or null. */
export function normalizeHttpUrl(value: string): string | null {
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  if (url.hostname !== 'localhost' && !url.hostname.includes('.')) return null;
  return text;
}

/** 400 "O tamanho máximo é {max}" for a string over `max` characters. */
export function checkLength<T extends string | null | undefined>(value: T, max: number, field: string): T {
  if (typeof value === 'string' && value.length > max)
    throw new ApiError(400, 'maxLength', { field, params: { max } });
  return value;
}

/** The internal description as stored: trimmed, empty → null. */
export function normalizeDescription(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return checkLength(value, 2000, 'descricao')?.trim() || null;
}

/** The classroom's public description as stored: trimmed, empty → null. */
export function normalizeClassroomDescription(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return checkLength(value, 2000, 'classroomDescription')?.trim() || null;
}

const RESOLUTION = /^\d{2,5}x\d{2,5}$/;
const MEASUREMENT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export function normalizeResolution(value: string | null | undefined, field: string): string | null {
  const text = checkLength(value, 20, field)?.trim().toLowerCase() ?? '';
  if (!text) return null;
  if (!RESOLUTION.test(text)) throw new ApiError(400, 'resolutionInvalid', { field });
  return text;
}

/** The name as stored: trimmed, NFC (the search key maps composed accented letters), required even
 * when the client sent only spaces. */
export function normalizeName(value: string, field = 'nome'): string {
  const name = value.normalize('NFC').trim();
  if (!name) throw new ApiError(400, 'required', { field });
  return name;
}

export function normalizeDate(value: string, field: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new ApiError(400, 'dateInvalid', { field });
  return date;
}

function color(value: string, field: string): string {
  const normalized = normalizeColor(value);
  if (!normalized) throw new ApiError(400, 'colorInvalid', { field });
  return normalized;
}

function vastUrl(value: string | null, field: string): string | null {
  if (value === null || value.trim() === '') return null;
  const url = normalizeHttpUrl(checkLength(value, 2048, field));
  if (!url) throw new ApiError(400, 'urlInvalid', { field, params: { host: VAST_EXAMPLE } });
  return url;
}

function domains(values: string[], field: string): string[] {
  const seen = new Set<string>();
  values.forEach((value, i) => {
    const domain = normalizeDomain(value);
    if (!domain) throw new ApiError(400, 'domainInvalid', { field: `${field}.${i}` });
    if (seen.has(domain)) throw new ApiError(400, 'domainDuplicate', { field: `${field}.${i}` });
    seen.add(domain);
  });
  return [...seen];
}

function regions(values: string[], field: string): string[] {
  const seen = new Set<string>();
  values.forEach((value, i) => {
    const code = value.trim().toUpperCase();
    if (!REGIONS.has(code))
      throw new ApiError(400, 'regionInvalid', { field: `${field}.${i}`, params: { code: value.trim() } });
    if (seen.has(code))
      throw new ApiError(400, 'regionDuplicate', { field: `${field}.${i}`, params: { code } });
    seen.add(code);
  });
  return [...seen];
}

/** Settings changes, checked and normalized; only the fields the client sent. */
export interface SettingsPatch {
  type?: StreamSettings['type'];
  latency?: StreamSettings['latency'];
  autoStart?: boolean;
  autoCuts?: boolean;
  playerColor?: string;
  transcode?: Partial<StreamSettings['transcode']>;
  security?: Partial<StreamSettings['security']>;
  ads?: Partial<StreamSettings['ads']>;
  analyticsMeasurementId?: string | null;
  studio?: Partial<StreamSettings['studio']>;
}

const defined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** Checks the settings part of a body (SPEC §5 messages) and answers the normalized changes. */
export function normalizeSettings(input: SettingsInputBody, prefix = ''): SettingsPatch {
  const patch: SettingsPatch = {};
  const at = (field: string) => `${prefix}${field}`;
  if (input.type !== undefined) patch.type = input.type;
  if (input.latency !== undefined) patch.latency = input.latency;
  if (input.autoStart !== undefined) patch.autoStart = input.autoStart;
  if (input.autoCuts !== undefined) patch.autoCuts = input.autoCuts;
  if (input.assets?.playerColor !== undefined)
    patch.playerColor = color(input.assets.playerColor, at('assets.playerColor'));
  if (input.transcode) patch.transcode = defined({ ...input.transcode });
  if (input.security) {
    const s = input.security;
    patch.security = defined({
      geoAccessControl: s.geoAccessControl,
      geoRegionList: s.geoRegionList && regions(s.geoRegionList, at('security.geoRegionList')),
      referrerWhitelist:
        s.referrerWhitelist && domains(s.referrerWhitelist, at('security.referrerWhitelist')),
    });
  }
  if (input.ads) {
    const a = input.ads;
    patch.ads = defined({
      preRollVastUrl:
        a.preRollVastUrl === undefined ? undefined : vastUrl(a.preRollVastUrl, at('ads.preRollVastUrl')),
      postRollVastUrl:
        a.postRollVastUrl === undefined ? undefined : vastUrl(a.postRollVastUrl, at('ads.postRollVastUrl')),
    });
  }
  if (input.analyticsMeasurementId !== undefined) {
    const id = checkLength(input.analyticsMeasurementId, 64, at('analyticsMeasurementId'))?.trim() ?? '';
    if (id && !MEASUREMENT_ID.test(id))
      throw new ApiError(400, 'format', { field: at('analyticsMeasurementId') });
    patch.analyticsMeasurementId = id || null;
  }
  if (input.studio) {
    const s = input.studio;
    patch.studio = defined({
      chat: s.chat,
      settingsButton: s.settingsButton,
      moreOptionsButton: s.moreOptionsButton,
      studioColor: s.studioColor === undefined ? undefined : color(s.studioColor, at('studio.studioColor')),
      waitingRoomColor:
        s.waitingRoomColor === undefined
          ? undefined
          : color(s.waitingRoomColor, at('studio.waitingRoomColor')),
    });
  }
  return patch;
}

/** The settings after a change. An allow-list without any region would block every viewer: refused. */
export function applySettings(base: StreamSettings, patch: SettingsPatch, prefix = ''): StreamSettings {
  const next: StreamSettings = {
    type: patch.type ?? base.type,
    latency: patch.latency ?? base.latency,
    autoStart: patch.autoStart ?? base.autoStart,
    autoCuts: patch.autoCuts ?? base.autoCuts,
    playerColor: patch.playerColor ?? base.playerColor,
    transcode: { ...base.transcode, ...patch.transcode },
    security: { ...base.security, ...patch.security },
    ads: { ...base.ads, ...patch.ads },
    analyticsMeasurementId:
      patch.analyticsMeasurementId === undefined ? base.analyticsMeasurementId : patch.analyticsMeasurementId,
    studio: { ...base.studio, ...patch.studio },
  };
  if (next.security.geoAccessControl === 'allow' && next.security.geoRegionList.length === 0)
    throw new ApiError(400, 'regionRequired', { field: `${prefix}security.geoRegionList` });
  return next;
}

/** The built-in general settings, used until an account saves its own (the contract's). */
export const DEFAULT_SETTINGS: StreamSettings = DEFAULT_STREAM_SETTINGS;

/** A stored preset completed with the defaults (a preset saved by an older version may lack a field). */
export function completeSettings(stored: Partial<StreamSettings> | undefined): StreamSettings {
  const s = stored ?? {};
  const d = DEFAULT_SETTINGS;
  return {
    ...d,
    ...s,
    transcode: { ...d.transcode, ...s.transcode },
    security: { ...d.security, ...s.security },
    ads: { ...d.ads, ...s.ads },
    studio: { ...d.studio, ...s.studio },
  };
}

/** What only acts while a stream is on air (how the signal arrives, automation, what is recorded and
 * transcoded): after the end a change would mean nothing, so it is refused. The first such field
 * changed, or undefined. */
export function lockedAfterEnd(before: StreamSettings, next: StreamSettings): string | undefined {
  if (next.type !== before.type) return 'type';
  if (next.autoStart !== before.autoStart) return 'autoStart';
  if (next.autoCuts !== before.autoCuts) return 'autoCuts';
  const transcode = (Object.keys(next.transcode) as Array<keyof StreamSettings['transcode']>).find(
    (key) => next.transcode[key] !== before.transcode[key],
  );
  return transcode ? `transcode.${transcode}` : undefined;
}

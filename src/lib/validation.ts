import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Temporal } from 'temporal-polyfill';

/** SPEC §5 shared validation messages (descriptors: translate them where they are shown, with `i18n._`). */
export const messages = {
  required: msg`O campo é obrigatório`,
  email: msg`O formato do email não é válido`,
  invalidFormat: msg`Formato inválido`,
  integer: msg`Apenas números inteiros`,
  positive: msg`O valor deve ser positivo`,
  maxLength: (max: number) => msg`O tamanho máximo é ${max}`,
  minLength: (min: number) => msg`O tamanho minimo é ${min}`,
  minValue: (min: number) => msg`O valor minimo é ${min}`,
  maxValue: (max: number) => msg`O valor maximo é ${max}`,
  url: (host: string) => msg`A URL não é válida (Exemplo válido: ${host})`,
  minDate: (min: string) => msg`A data minima é ${min}`,
  maxDate: (max: string) => msg`A data maxima é ${max}`,
};

/** A rule answers the message of the first problem it finds, or undefined when the value passes. */
export type Rule<V = string> = (value: V) => MessageDescriptor | undefined;

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

// Every rule but `required` lets an empty value through: optional fields validate only what is typed.

export const required: Rule<unknown> = (value) => (isEmpty(value) ? messages.required : undefined);

// The WHATWG e-mail syntax, plus a dot in the domain ('a@b' is not an address anyone can receive mail at).
const EMAIL_RE =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export const isEmail = (value: string) => EMAIL_RE.test(value.trim());

export const email: Rule = (value) => (isEmpty(value) || isEmail(value) ? undefined : messages.email);

export const pattern =
  (re: RegExp): Rule =>
  (value) =>
    isEmpty(value) || re.test(value) ? undefined : messages.invalidFormat;

export const maxLength =
  (max: number): Rule =>
  (value) =>
    isEmpty(value) || [...value].length <= max ? undefined : messages.maxLength(max);

export const minLength =
  (min: number): Rule =>
  (value) =>
    isEmpty(value) || [...value].length >= min ? undefined : messages.minLength(min);

type Numeric = string | number | null | undefined;
const toNumber = (value: Numeric) => (typeof value === 'number' ? value : Number(String(value).trim()));

export const integer: Rule<Numeric> = (value) =>
  isEmpty(value) || /^[+-]?\d+$/.test(String(value).trim()) ? undefined : messages.integer;

/** A non-numeric value fails with 'Formato inválido' before any bound is checked. */
const numeric =
  (check: (n: number) => MessageDescriptor | undefined): Rule<Numeric> =>
  (value) => {
    if (isEmpty(value)) return undefined;
    const n = toNumber(value);
    return Number.isFinite(n) ? check(n) : messages.invalidFormat;
  };

export const minValue = (min: number) => numeric((n) => (n >= min ? undefined : messages.minValue(min)));
export const maxValue = (max: number) => numeric((n) => (n <= max ? undefined : messages.maxValue(max)));
export const positive = numeric((n) => (n > 0 ? undefined : messages.positive));

/** An absolute http(s) address with a dotted host (or localhost); `example` is shown in the message. */
export const isUrl = (value: string) => {
  try {
    const url = new URL(value.trim());
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      (url.hostname.includes('.') || url.hostname === 'localhost')
    );
  } catch {
    return false;
  }
};

export const url =
  (example = 'https://www.exemplo.com.br'): Rule =>
  (value) =>
    isEmpty(value) || isUrl(value) ? undefined : messages.url(example);

/** Date bounds on Temporal.PlainDate values; `display` is how the bound reads in the message
 * (the caller formats it for the active locale). Instance methods only: no global Temporal needed. */
export const minDate =
  (min: Temporal.PlainDate, display = min.toString()): Rule<Temporal.PlainDate | null | undefined> =>
  (value) =>
    value && value.since(min).sign < 0 ? messages.minDate(display) : undefined;

export const maxDate =
  (max: Temporal.PlainDate, display = max.toString()): Rule<Temporal.PlainDate | null | undefined> =>
  (value) =>
    value && value.since(max).sign > 0 ? messages.maxDate(display) : undefined;

/** SPEC §5: times are written HH:mm:ss (24-hour clock). */
export const TIME_RE = /^(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
export const time: Rule = pattern(TIME_RE);

/**
 * A whole number typed in a numeric field, as typed: 'Apenas números inteiros' for `2.5` (the form
 * never rounds what the user wrote behind their back), then its bounds (SPEC §5).
 */
export const wholeNumberIn = (min: number, max: number): readonly Rule<Numeric>[] => [
  required,
  integer,
  minValue(min),
  maxValue(max),
];

/** Runs the rules in order and answers the first failure. */
export function check<V>(value: V, rules: readonly Rule<V>[]): MessageDescriptor | undefined {
  for (const rule of rules) {
    const error = rule(value);
    if (error) return error;
  }
  return undefined;
}

export type Errors<T> = Partial<Record<keyof T, MessageDescriptor>>;
export type Schema<T> = { [K in keyof T]?: readonly Rule<T[K]>[] };

/** Validates a whole form: one message per failing field (its first failure). */
export function validate<T extends object>(values: T, schema: Schema<T>): Errors<T> {
  const errors: Errors<T> = {};
  for (const key of Object.keys(schema) as (keyof T)[]) {
    const error = check(values[key], schema[key] ?? []);
    if (error) errors[key] = error;
  }
  return errors;
}

export const hasErrors = (errors: object) => Object.values(errors).some(Boolean);

/** SPEC §5: identifiers in the standard 8-4-4-4-12 hexadecimal format. */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_RE.test(value);

/** SPEC §2.1: the first and last character of the local part, stars between ('o******r@palco.test').
 * A one-letter local part keeps its letter and gets one star; text without '@' is all stars. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return '*'.repeat(address.length);
  const local = [...address.slice(0, at)];
  const domain = address.slice(at);
  if (local.length === 0) return address;
  if (local.length === 1) return `${local[0]}*${domain}`;
  return `${local[0]}${'*'.repeat(Math.max(local.length - 2, 1))}${local[local.length - 1]}${domain}`;
}

/** SPEC §2.1 recovery field: strips all whitespace and lowercases as the user types. */
export const normalizeEmailInput = (value: string) => value.replace(/\s+/g, '').toLowerCase();

/** SPEC §5 new password: 4 to 16 characters. */
export const PASSWORD_MIN = 4;
export const PASSWORD_MAX = 16;

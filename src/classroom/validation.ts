import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// The classroom is a page of its own: the console's validation module is not imported (it would pull
// the console's chunk in); the rules are SPEC §5's, as the server checks them
// (server/src/routes/classroom/validate.ts).

/** Letters (Portuguese accents included) and spaces only. */
const NAME = /^[A-Za-zÀ-ÖØ-öø-ÿ ]+$/;
export const MAX_NAME = 50;
// The WHATWG e-mail syntax plus a dot in the domain, as the console's forms check it.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export const messages = {
  required: msg`O campo é obrigatório`,
  email: msg`O formato do email não é válido`,
  name: msg`Nome inserido inválido`,
};

export function nameError(value: string): MessageDescriptor | undefined {
  const name = value.trim();
  if (!name) return messages.required;
  return name.length > MAX_NAME || !NAME.test(name) ? messages.name : undefined;
}

export function emailError(value: string): MessageDescriptor | undefined {
  if (!value.trim()) return messages.required;
  return EMAIL.test(value.trim()) ? undefined : messages.email;
}

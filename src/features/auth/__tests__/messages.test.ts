import { i18n, type MessageDescriptor } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { check } from '@/lib/validation';
import { loginFailureMessage, recoveryFailureMessage, updatePasswordFailure } from '../failure-messages';
import { newPasswordSchema } from '../password-rules';

beforeAll(() => i18n.loadAndActivate({ locale: 'pt-BR', messages: {} }));
const text = (d: MessageDescriptor | undefined) => (d ? i18n._(d) : undefined);

describe('login failures (SPEC §8)', () => {
  it('wrong credentials never show the server text', () => {
    expect(text(loginFailureMessage(new ApiError(401, 'server says something')))).toBe(
      'Usuário ou senha estão incorretos',
    );
  });
  it('too many attempts, no connection, anything else', () => {
    expect(text(loginFailureMessage(new ApiError(429, 'x')))).toBe(
      'Muitas tentativas. Tente novamente em alguns minutos.',
    );
    expect(text(loginFailureMessage(new ApiError(0, 'Failed to fetch')))).toContain(
      'Não foi possível conectar ao servidor',
    );
    expect(text(loginFailureMessage(new ApiError(503, 'x')))).toBe('Ocorreu um erro. Tente novamente');
    expect(text(loginFailureMessage(new Error('boom')))).toBe('Ocorreu um erro. Tente novamente');
  });
});

describe('recovery failures (SPEC §8)', () => {
  it.each([400, 404, 422, 499])('status %i → invalid address', (status) => {
    expect(text(recoveryFailureMessage(new ApiError(status, 'x')))).toBe('Endereço de e-mail inválido');
  });
  it.each([500, 502, 0])('status %i → try again', (status) => {
    expect(text(recoveryFailureMessage(new ApiError(status, 'x')))).toBe('Ocorreu um erro. Tente novamente');
  });
  it('update failure text', () => {
    expect(text(updatePasswordFailure)).toBe('Ocorreu um erro. Tente novamente');
  });
});

describe('new password rules (SPEC §5)', () => {
  const errorsOf = (newPassword: string, confirmPassword: string) => {
    const schema = newPasswordSchema({ newPassword, confirmPassword });
    return {
      newPassword: text(check(newPassword, schema.newPassword)),
      confirmPassword: text(check(confirmPassword, schema.confirmPassword)),
    };
  };
  it('both required', () => {
    expect(errorsOf('', '')).toEqual({
      newPassword: 'O campo é obrigatório',
      confirmPassword: 'O campo é obrigatório',
    });
  });
  it('4 to 16 characters', () => {
    expect(errorsOf('abc', 'abc').newPassword).toBe('O tamanho minimo é 4');
    expect(errorsOf('a'.repeat(17), 'a'.repeat(17)).newPassword).toBe('O tamanho máximo é 16');
    expect(errorsOf('abcd', 'abcd')).toEqual({ newPassword: undefined, confirmPassword: undefined });
    expect(errorsOf('a'.repeat(16), 'a'.repeat(16)).newPassword).toBeUndefined();
  });
  it('the repeat must match', () => {
    expect(errorsOf('abcd', 'abce').confirmPassword).toBe('Senhas incompatíveis');
  });
});

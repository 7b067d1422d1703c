import { i18n, type MessageDescriptor } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { validate } from '@/lib/validation';
import { existingMemberSchema, newMemberSchema } from '../invite-rules';
import { accessOf, refreshesOn } from '../session-refresh';

beforeAll(() => i18n.loadAndActivate({ locale: 'pt-BR', messages: {} }));
const texts = (errors: Record<string, MessageDescriptor | undefined>) =>
  Object.fromEntries(Object.entries(errors).flatMap(([k, d]) => (d ? [[k, i18n._(d)]] : [])));

describe('the invitation form (SPEC §5 password rules)', () => {
  it('a new address needs a name and a 4 to 16 character password, repeated', () => {
    const values = { name: ' ', newPassword: 'abc', confirmPassword: 'abd' };
    expect(texts(validate(values, newMemberSchema(values)))).toEqual({
      name: 'O campo é obrigatório',
      newPassword: 'O tamanho minimo é 4',
      confirmPassword: 'Senhas incompatíveis',
    });
    const ok = { name: 'Nova', newPassword: 'segredo1', confirmPassword: 'segredo1' };
    expect(texts(validate(ok, newMemberSchema(ok)))).toEqual({});
  });
  it('an existing user confirms with their password', () => {
    expect(texts(validate({ password: '' }, existingMemberSchema()))).toEqual({
      password: 'O campo é obrigatório',
    });
  });
});

describe('following role changes', () => {
  const team = { conta_id: 't1', conta_nome: 'T', conta_thumbnail: null, cliente: 'C', bloqueada: false };
  const state = (permissions: string[], cargo = 'operador') => ({
    permissions,
    contasCargos: [{ ...team, cargo_nome: cargo, permissoes: permissions }],
    user: { selectedTeamId: 't1' } as never,
  });
  it('sees a change of permissions or role, not their order', () => {
    expect(accessOf(state(['showVOD', 'showStreaming']))).toBe(accessOf(state(['showStreaming', 'showVOD'])));
    expect(accessOf(state(['showVOD']))).not.toBe(accessOf(state(['showVOD', 'showStreaming'])));
    expect(accessOf(state(['showVOD'], 'visitante'))).not.toBe(accessOf(state(['showVOD'])));
  });
  it('refreshes after a 403 or a 404 only', () => {
    expect([401, 403, 404, 409, 500].map(refreshesOn)).toEqual([false, true, true, false, false]);
  });
});

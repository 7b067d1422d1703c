import { describe, expect, it } from 'vitest';
import { eventIconKind } from '../lib/event-icon';

describe('eventIconKind', () => {
  it('picks the icon by the CRIAD, AUTORIZAD, REMOVID and ATUALIZAD substrings', () => {
    expect(eventIconKind('TRANSMISSAO_CRIADA')).toBe('created');
    expect(eventIconKind('VIDEO_CRIADO')).toBe('created');
    expect(eventIconKind('DOMINIO_AUTORIZADO')).toBe('authorized');
    expect(eventIconKind('LEGENDA_REMOVIDA')).toBe('removed');
    expect(eventIconKind('VIDEO_REMOVIDO')).toBe('removed');
    expect(eventIconKind('SENHA_ATUALIZADA')).toBe('updated');
    expect(eventIconKind('CHAVE_TRANSMISSAO_ATUALIZADA')).toBe('updated');
  });

  it('gives every other event the neutral icon', () => {
    for (const code of [
      'LOGIN_REALIZADO',
      'LOGIN_RECUSADO',
      'TIME_SELECIONADO',
      'TRANSMISSAO_INICIADA',
      '',
    ]) {
      expect(eventIconKind(code)).toBe('other');
    }
  });

  it('reads codes in any letter case', () => {
    expect(eventIconKind('pasta_criada')).toBe('created');
  });
});

import { describe, expect, it } from 'vitest';
import { capitalize } from '../text';

describe('capitalize', () => {
  it('raises the first letter of a role name, in either console locale', () => {
    expect(capitalize('proprietário', 'pt-BR')).toBe('Proprietário');
    expect(capitalize('administrador', 'en')).toBe('Administrador');
    expect(capitalize('ótimo operador', 'pt-BR')).toBe('Ótimo operador');
  });

  it('keeps the rest of the text, and text already capitalised, as it is', () => {
    expect(capitalize('gerente de conteúdo', 'pt-BR')).toBe('Gerente de conteúdo');
    expect(capitalize('Desenvolvedor', 'pt-BR')).toBe('Desenvolvedor');
    expect(capitalize('eQUIPE', 'pt-BR')).toBe('EQUIPE');
  });

  it('follows the locale’s casing rules', () => {
    expect(capitalize('istanbul', 'tr')).toBe('İstanbul');
    expect(capitalize('istanbul', 'en')).toBe('Istanbul');
  });

  it('changes the first code point whole (a letter outside the BMP is one code point, two units)', () => {
    // U+10428 DESERET SMALL LETTER LONG I → U+10400.
    expect(capitalize('\u{10428}x', 'en')).toBe('\u{10400}x');
    expect(capitalize('1º gerente', 'pt-BR')).toBe('1º gerente');
  });

  it('leaves empty text empty', () => {
    expect(capitalize('', 'pt-BR')).toBe('');
  });
});

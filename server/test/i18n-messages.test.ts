import { describe, expect, it } from 'vitest';
import { MESSAGES, t } from '../src/lib/i18n.ts';

// The server's texts go through Lingui's ICU compiler: placeholders are filled, plurals follow each
// language's rules, and every other character reaches the client as written.

describe('server messages', () => {
  it('say 1 minute, 1 second, 1 day in the singular and more in the plural, in both languages', () => {
    expect(t('pt-BR', 'tooManyLogins', { minutes: 1 })).toBe(
      'Muitas tentativas de login. Tente novamente em 1 minuto',
    );
    expect(t('pt-BR', 'tooManyLogins', { minutes: 15 })).toBe(
      'Muitas tentativas de login. Tente novamente em 15 minutos',
    );
    expect(t('en', 'tooManyLogins', { minutes: 1 })).toBe('Too many login attempts. Try again in 1 minute');
    expect(t('pt-BR', 'tooManyRequests', { seconds: 1 })).toBe(
      'Muitas tentativas. Tente novamente em 1 segundo',
    );
    expect(t('en', 'tooManyRequests', { seconds: 2 })).toBe('Too many attempts. Try again in 2 seconds');
    expect(t('pt-BR', 'csvColumns', { found: 1, expected: 3 })).toBe(
      'A linha tem 1 coluna, mas o cabeçalho tem 3',
    );
  });

  it('render every other message exactly as written, its placeholders filled', () => {
    for (const [key, texts] of Object.entries(MESSAGES)) {
      for (const lang of ['pt-BR', 'en'] as const) {
        const text = texts[lang];
        if (text.includes(', plural,')) continue;
        const names = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
        const params = Object.fromEntries(names.map((name) => [name, `<${name}>`]));
        const expected = text.replace(/\{(\w+)\}/g, (_, name: string) => `<${name}>`);
        expect(t(lang, key as keyof typeof MESSAGES, params), `${key} (${lang})`).toBe(expected);
      }
    }
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import PO from 'pofile';
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

// A text the server sends and the console also shows (a field rule, a login error) is one text with one
// English translation: a user who switches language never sees the same sentence two ways. The
// console's English lives in src/locales/en/*.po (filled from the *.json maps by scripts/i18n.mjs).
describe('texts the server and the console share', () => {
  it('have the same English on both sides', () => {
    const localesDir = new URL('../../src/locales/en/', import.meta.url);
    const consoleEnglish = new Map<string, string>();
    for (const name of readdirSync(localesDir).filter((f) => f.endsWith('.po'))) {
      const po = PO.parse(readFileSync(new URL(name, localesDir), 'utf8'));
      for (const item of po.items) if (item.msgstr[0]) consoleEnglish.set(item.msgid, item.msgstr[0]);
    }
    const shared: string[] = [];
    const differing: string[] = [];
    for (const [key, texts] of Object.entries(MESSAGES)) {
      const english = consoleEnglish.get(texts['pt-BR']);
      if (english === undefined) continue;
      shared.push(key);
      if (english !== texts.en) differing.push(`${key}: server "${texts.en}", console "${english}"`);
    }
    // The check has something to hold: the field rules and login errors are on both sides.
    expect(shared.length).toBeGreaterThan(10);
    expect(differing).toEqual([]);
  });

  it('give a text the server answers under two keys one English', () => {
    const seen = new Map<string, string>();
    const differing: string[] = [];
    for (const [key, texts] of Object.entries(MESSAGES)) {
      const before = seen.get(texts['pt-BR']);
      if (before !== undefined && before !== texts.en) differing.push(`${key}: "${texts.en}" vs "${before}"`);
      seen.set(texts['pt-BR'], texts.en);
    }
    expect(differing).toEqual([]);
  });

  // The console's English comes from src/locales/en/*.json maps merged into one table by
  // scripts/i18n.mjs, where a text listed in two files with two translations silently keeps the last:
  // the file a developer edited may not be the English users see.
  it('give a console text one English across the translation files', () => {
    const localesDir = new URL('../../src/locales/en/', import.meta.url);
    const seen = new Map<string, { en: string; file: string }>();
    const differing: string[] = [];
    for (const file of readdirSync(localesDir).filter((f) => f.endsWith('.json'))) {
      const table = JSON.parse(readFileSync(new URL(file, localesDir), 'utf8')) as Record<string, string>;
      for (const [pt, en] of Object.entries(table)) {
        const before = seen.get(pt);
        if (before && before.en !== en)
          differing.push(`"${pt}": ${before.file} "${before.en}", ${file} "${en}"`);
        seen.set(pt, { en, file });
      }
    }
    expect(seen.size).toBeGreaterThan(500);
    expect(differing).toEqual([]);
  });
});

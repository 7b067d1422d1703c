import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Guards the catalogs as a whole (the counts themselves are tested beside their features): a count
// shown with a noun goes through a Lingui plural, never "{n} transmissões", and every plural carries
// the forms both locales need.

/** msgid → msgstr of a locale's .po catalogs (strings may continue on following lines). */
function readCatalog(locale: string): Map<string, string> {
  const text = ['messages.po', 'pages.po']
    .map((name) => readFileSync(new URL(`../../locales/${locale}/${name}`, import.meta.url), 'utf8'))
    .join('\n\n');
  const entries = new Map<string, string>();
  let id: string | undefined;
  let str: string | undefined;
  let field: 'id' | 'str' | undefined;
  const flush = () => {
    if (id) entries.set(id, str ?? '');
    id = str = field = undefined;
  };
  for (const line of text.split('\n')) {
    const m = /^(msgid|msgstr) (".*")$/.exec(line);
    if (m) {
      if (m[1] === 'msgid') flush();
      field = m[1] === 'msgid' ? 'id' : 'str';
      const value = JSON.parse(m[2]!) as string;
      if (field === 'id') id = value;
      else str = value;
    } else if (/^".*"$/.test(line) && field) {
      const value = JSON.parse(line) as string;
      if (field === 'id') id = (id ?? '') + value;
      else str = (str ?? '') + value;
    } else if (line.trim() === '') flush();
  }
  flush();
  return entries;
}

const source = readCatalog('pt-BR');
const english = readCatalog('en');
const plurals = [...source.keys()].filter((id) => /^\{\w+, plural,/.test(id));

describe('plural messages', () => {
  it('exist (the catalogs were read)', () => {
    expect(source.size).toBeGreaterThan(100);
    expect(plurals.length).toBeGreaterThan(0);
  });

  it('no count is written next to a noun without a plural ("{total} transmissões")', () => {
    const noun =
      /\{\w+\} (transmiss|vídeo|pasta|arquivo|ite[nm]|usuário|registro|evento|sina[li]|legenda|envio|time)/i;
    expect([...source.keys()].filter((id) => noun.test(id))).toEqual([]);
  });

  it.each(plurals)('%s: pt-BR has an exact =0 form (CLDR files 0 under "one" in Portuguese)', (id) => {
    expect(id).toMatch(/ =0 \{/);
    expect(id).toMatch(/ one \{/);
    expect(id).toMatch(/ other \{/);
  });

  it.each(plurals)('%s: English is a plural over the same count, with one and other', (id) => {
    const count = /^\{(\w+), plural,/.exec(id)![1];
    const en = english.get(id) ?? '';
    expect(en.startsWith(`{${count}, plural,`)).toBe(true);
    expect(en).toMatch(/ one \{[^}]*\}/);
    expect(en).toMatch(/ other \{[^}]*\}/);
  });
});

import { describe, expect, it } from 'vitest';
import { checkDomain, normalizeDomain } from '../lib/domains';

describe('normalizeDomain', () => {
  it('accepts domains, subdomains and a wildcard, stored in lower case', () => {
    expect(normalizeDomain('palco.example')).toBe('palco.example');
    expect(normalizeDomain('  WWW.Palco.COM.br ')).toBe('www.palco.com.br');
    expect(normalizeDomain('*.palco.com')).toBe('*.palco.com');
    expect(normalizeDomain('meu-site.io')).toBe('meu-site.io');
  });
  it('stores an internationalised domain as punycode', () => {
    expect(normalizeDomain('açaí.com.br')).toBe('xn--aa-4iaz.com.br');
  });
  it('refuses anything that is not a bare domain', () => {
    for (const bad of [
      '',
      'localhost',
      'palco',
      'https://palco.com',
      'palco.com/path',
      'palco.com:8080',
      'pal co.com',
      '-palco.com',
      'palco-.com',
      'palco..com',
      'palco.c',
      'palco.123',
      '*.',
      'a.*.palco.com',
      `${'a'.repeat(64)}.com`,
    ])
      expect(normalizeDomain(bad), bad).toBeNull();
  });
});

describe('checkDomain (SPEC §5)', () => {
  it("answers 'Domínio inválido!' for a bad entry", () => {
    const r = checkDomain('not a domain', []);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason).toBe('invalid');
      expect(r.message.message).toBe('Domínio inválido!');
    }
  });
  it("answers 'Domínio já inserido' for a duplicate, whatever its case or spelling", () => {
    const list = ['palco.example', 'xn--aa-4iaz.com.br'];
    for (const dup of ['palco.example', 'PALCO.example ', 'açaí.com.br']) {
      const r = checkDomain(dup, list);
      expect(r.ok, dup).toBe(false);
      if (!r.ok) {
        expect(r.reason).toBe('duplicate');
        expect(r.message.message).toBe('Domínio já inserido');
      }
    }
  });
  it('accepts a new domain, normalised', () => {
    expect(checkDomain(' Outro.Site.com ', ['palco.example'])).toEqual({
      ok: true,
      domain: 'outro.site.com',
    });
    // www. is a different host than the bare domain.
    expect(checkDomain('www.palco.example', ['palco.example']).ok).toBe(true);
  });
});

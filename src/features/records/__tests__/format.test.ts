import { beforeAll, describe, expect, it } from 'vitest';
import { loadTemporal } from '@/lib/temporal';
import { formatMoment, initials } from '../lib/format';

beforeAll(async () => {
  await loadTemporal();
});

describe('formatMoment', () => {
  it('shows the moment in the locale and time zone', () => {
    expect(formatMoment('2026-01-01T02:30:05.000Z', 'pt-BR', 'America/Sao_Paulo')).toEqual({
      date: '31/12/2025',
      time: '23:30:05',
    });
    expect(formatMoment('2026-01-01T02:30:05.000Z', 'en', 'UTC')).toEqual({
      date: '01/01/2026',
      time: '02:30:05 AM',
    });
  });
  it('shows a malformed moment as it came', () => {
    expect(formatMoment('yesterday', 'pt-BR', 'UTC')).toEqual({ date: 'yesterday', time: '' });
  });
});

describe('initials', () => {
  it('takes the first and last word of the name', () => {
    expect(initials('Olívia Dona', 'owner@palco.test')).toBe('OD');
    expect(initials('  ana maria de souza ', null)).toBe('AS');
    expect(initials('Staff', 'staff@palco.test')).toBe('S');
  });
  it("falls back to the e-mail's first letter, then '?'", () => {
    expect(initials('', 'owner@palco.test')).toBe('O');
    expect(initials(null, null)).toBe('?');
  });
});

import { type MessageDescriptor, setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as en } from '@/locales/en/pages.po';
import { messages as ptBR } from '@/locales/pt-BR/pages.po';
import { settingsApplyTo, streamsCreated, streamsTotal, streamsUpdated } from '../lib/counts';

// Through the real catalogs: the pt-BR source and the English translations (# is a number in the
// locale's format).
const pt = setupI18n({ locale: 'pt-BR', messages: { 'pt-BR': ptBR } });
const english = setupI18n({ locale: 'en', messages: { en } });
const forms = (make: (n: number) => MessageDescriptor) => ({
  'pt-BR': [0, 1, 2, 1000].map((n) => pt._(make(n))),
  en: [0, 1, 2, 1000].map((n) => english._(make(n))),
});

describe('stream counts', () => {
  it('the library total: singular for exactly one, plural for zero and many', () => {
    expect(forms(streamsTotal)).toEqual({
      'pt-BR': ['0 transmissões', '1 transmissão', '2 transmissões', '1.000 transmissões'],
      en: ['0 streams', '1 stream', '2 streams', '1,000 streams'],
    });
  });

  it('the CSV batch notice', () => {
    expect(forms(streamsCreated)).toEqual({
      'pt-BR': [
        '0 transmissões criadas',
        '1 transmissão criada',
        '2 transmissões criadas',
        '1.000 transmissões criadas',
      ],
      en: ['0 streams created', '1 stream created', '2 streams created', '1,000 streams created'],
    });
  });

  it('the settings-applied notice', () => {
    expect(forms(streamsUpdated)).toEqual({
      'pt-BR': [
        '0 transmissões atualizadas',
        '1 transmissão atualizada',
        '2 transmissões atualizadas',
        '1.000 transmissões atualizadas',
      ],
      en: ['0 streams updated', '1 stream updated', '2 streams updated', '1,000 streams updated'],
    });
  });

  it('the apply-settings confirmation agrees with the count', () => {
    expect(pt._(settingsApplyTo(1))).toBe(
      'As configurações gerais da conta serão aplicadas a 1 transmissão selecionada.',
    );
    expect(pt._(settingsApplyTo(3))).toBe(
      'As configurações gerais da conta serão aplicadas às 3 transmissões selecionadas.',
    );
    expect(english._(settingsApplyTo(1))).toBe(
      "The account's general settings will be applied to 1 selected stream.",
    );
    expect(english._(settingsApplyTo(3))).toBe(
      "The account's general settings will be applied to 3 selected streams.",
    );
  });
});

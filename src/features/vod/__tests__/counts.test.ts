import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as en } from '@/locales/en/pages.po';
import { messages as ptBR } from '@/locales/pt-BR/pages.po';
import { folderVideos } from '../lib/counts';

const pt = setupI18n({ locale: 'pt-BR', messages: { 'pt-BR': ptBR } });
const english = setupI18n({ locale: 'en', messages: { en } });

describe('folder video count', () => {
  it('says none, one or how many, in both locales', () => {
    expect([0, 1, 2, 25].map((n) => pt._(folderVideos(n)))).toEqual([
      'Nenhum vídeo',
      '1 vídeo',
      '2 vídeos',
      '25 vídeos',
    ]);
    expect([0, 1, 2, 25].map((n) => english._(folderVideos(n)))).toEqual([
      'No videos',
      '1 video',
      '2 videos',
      '25 videos',
    ]);
  });
});

import type { Lang } from './lang.ts';

// The console polish messages of lib/i18n.ts (docs/decisions.md "Console polish") (spread into its table).

export const UI_MESSAGES = {
  lockedSettingsEnded: {
    'pt-BR':
      'Não é possível alterar a latência ou a cor do player de transmissões já iniciadas, nem o tipo, a transcodificação ou a automação de transmissões encerradas; nada foi alterado',
    en: 'The latency or player colour of streams that have started, and the type, transcoding or automation of streams that have ended, cannot be changed; nothing was changed',
  },
} as const satisfies Record<string, Record<Lang, string>>;

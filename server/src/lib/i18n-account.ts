// The /account/settings and own-profile messages of lib/i18n.ts (spread into its table).

export const ACCOUNT_MESSAGES = {
  accountTimeZoneInvalid: {
    'pt-BR': 'Fuso horário inválido: use um nome IANA, como America/Sao_Paulo',
    en: 'Invalid time zone: use an IANA name, such as America/Sao_Paulo',
  },
  currentPasswordWrong: { 'pt-BR': 'A senha atual está incorreta', en: 'The current password is wrong' },
} as const;

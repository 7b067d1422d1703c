// Two-factor sign-in messages of lib/i18n.ts (spread into its table).

export const TWO_FACTOR_MESSAGES = {
  twoFactorCodeWrong: {
    'pt-BR': 'Código de verificação inválido ou já usado',
    en: 'The verification code is wrong or already used',
  },
  twoFactorChallengeInvalid: {
    'pt-BR': 'A etapa de verificação expirou: entre com a senha novamente',
    en: 'The verification step expired: sign in with your password again',
  },
  twoFactorAlreadyOn: {
    'pt-BR': 'A verificação em duas etapas já está ativada',
    en: 'Two-factor sign-in is already on',
  },
  twoFactorNotPending: {
    'pt-BR': 'Comece a configuração da verificação em duas etapas primeiro',
    en: 'Start setting up two-factor sign-in first',
  },
  twoFactorNotOn: {
    'pt-BR': 'A verificação em duas etapas não está ativada',
    en: 'Two-factor sign-in is not on',
  },
} as const;

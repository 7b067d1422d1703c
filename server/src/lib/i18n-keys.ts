// The API keys messages of lib/i18n.ts (spread into its table).

export const KEY_MESSAGES = {
  apiKeyInvalid: {
    'pt-BR': 'Chave de API inválida ou revogada',
    en: 'Invalid or revoked API key',
  },
  apiKeyExpired: { 'pt-BR': 'A chave de API expirou', en: 'The API key has expired' },
  apiKeyNotAllowed: {
    'pt-BR': 'Esta rota não aceita chaves de API; use uma sessão',
    en: 'This route does not accept API keys; use a session',
  },
  apiKeyScopeTooWide: {
    'pt-BR': 'A chave não pode ter permissões que você não tem nesta equipe: {permissions}',
    en: 'The key cannot hold permissions you do not have in this team: {permissions}',
  },
  apiKeyExpiry: {
    'pt-BR': 'A validade deve estar entre agora e {days, plural, one {# dia} other {# dias}}',
    en: 'The expiry must be between now and {days, plural, one {# day} other {# days}} ahead',
  },
  apiKeyNotFound: { 'pt-BR': 'Chave de API não encontrada', en: 'API key not found' },
  apiKeyRateLimited: {
    'pt-BR':
      'Limite de requisições da chave atingido. Tente novamente em {seconds, plural, one {# segundo} other {# segundos}}',
    en: 'The key’s request limit was reached. Try again in {seconds, plural, one {# second} other {# seconds}}',
  },
} as const;

/** Texts of the slow-client and login-throttle limits (docs/security.md). */
export const LIMIT_MESSAGES = {
  requestTooSlow: {
    'pt-BR': 'A requisição chegou devagar demais e a conexão foi encerrada',
    en: 'The request arrived too slowly and the connection was closed',
  },
} as const;

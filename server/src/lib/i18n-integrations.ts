// The integrations messages of lib/i18n.ts (spread into its table). docs/integrations.md.

export const INTEGRATION_MESSAGES = {
  integrationNotConfigured: {
    'pt-BR': 'A integração com {provider} não está configurada neste servidor',
    en: 'The {provider} integration is not configured on this server',
  },
  integrationNotFound: { 'pt-BR': 'Integração não encontrada', en: 'Integration not found' },
  integrationAccountMismatch: {
    'pt-BR': 'Esta autorização pertence a outro time',
    en: 'This authorisation belongs to another team',
  },
  integrationOtherBrowser: {
    'pt-BR':
      'Esta autorização foi iniciada em outro navegador ou em uma sessão que já terminou: nada foi conectado. Abra a página Integrações do Palco no navegador em que você entrou e comece de novo',
    en: 'This authorisation was started in another browser or in a session that has ended: nothing was connected. Open the Integrations page of Palco in the browser where you signed in and start again',
  },
  integrationIdTokenInvalid: {
    'pt-BR':
      'A identidade enviada pelo provedor não pôde ser verificada: nada foi conectado. Feche esta janela e tente novamente',
    en: 'The identity the provider sent could not be verified: nothing was connected. Close this window and try again',
  },
  integrationStateInvalid: {
    'pt-BR': 'A autorização expirou ou já foi usada. Feche esta janela e tente novamente',
    en: 'The authorisation has expired or was already used. Close this window and try again',
  },
  integrationDenied: {
    'pt-BR': 'A autorização foi negada. Nenhuma integração foi feita',
    en: 'The authorisation was denied. No integration was made',
  },
  integrationProviderFailed: {
    'pt-BR': 'O provedor recusou a autorização. Feche esta janela e tente novamente',
    en: 'The provider refused the authorisation. Close this window and try again',
  },
  integrationConnected: {
    'pt-BR': 'Integração concluída. Você já pode fechar esta janela',
    en: 'Integration complete. You can close this window',
  },
  integrationZoomLimit: {
    'pt-BR': 'O time já tem {max} contas Zoom integradas',
    en: 'The team already has {max} Zoom accounts integrated',
  },
  integrationDeauthorized: {
    'pt-BR': 'A integração precisa ser autorizada novamente',
    en: 'The integration must be authorised again',
  },
  integrationWebhookSignature: { 'pt-BR': 'Assinatura inválida', en: 'Invalid signature' },
  integrationImportAddress: {
    'pt-BR': 'O endereço do arquivo foi recusado (endereço local ou privado)',
    en: "The file's address was refused (a local or private address)",
  },
  integrationImportTooLarge: {
    'pt-BR': 'O arquivo excede o tamanho máximo de upload',
    en: 'The file is larger than the upload limit',
  },
  integrationImportProvider: {
    'pt-BR': 'O provedor não entregou o arquivo',
    en: 'The provider did not deliver the file',
  },
  integrationImportDeauthorized: {
    'pt-BR': 'A integração foi desautorizada antes da importação',
    en: 'The integration was deauthorised before the import',
  },
} as const;

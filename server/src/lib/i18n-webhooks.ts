// The webhook messages of lib/i18n.ts (spread into its table).

export const WEBHOOK_MESSAGES = {
  webhookUrlInvalid: {
    'pt-BR': 'Informe uma URL completa, como https://exemplo.com/webhook',
    en: 'Enter a full URL, such as https://example.com/webhook',
  },
  webhookUrlScheme: {
    'pt-BR': 'A URL do webhook deve usar https://',
    en: 'The webhook URL must use https://',
  },
  webhookUrlAddress: {
    'pt-BR': 'A URL do webhook não pode apontar para um endereço local ou privado',
    en: 'The webhook URL cannot point to a local or private address',
  },
  webhookLimit: { 'pt-BR': 'O time já tem {max} webhooks', en: 'The team already has {max} webhooks' },
  webhookEventForbidden: {
    'pt-BR': 'Você não tem permissão para ver o que estes eventos contam: {events}',
    en: 'You may not read what these events report: {events}',
  },
  webhookNotFound: { 'pt-BR': 'Webhook não encontrado', en: 'Webhook not found' },
  webhookDeliveryNotFound: { 'pt-BR': 'Entrega não encontrada', en: 'Delivery not found' },
} as const;

import type { Lang } from './lang.ts';

/** Messages of billing and blocking (docs/billing.md). */
export const BILLING_MESSAGES = {
  accountBlockedLives: {
    'pt-BR':
      'A criação e o início de novas transmissões estão temporariamente limitados para esta conta. Entre em contato com o financeiro.',
    en: 'Creating and starting new streams is temporarily limited for this account. Please contact the finance team.',
  },
  accountBlockedContent: {
    'pt-BR':
      'Adicionar conteúdo, imagens, times e chaves de API está temporariamente limitado para esta conta. Entre em contato com o financeiro.',
    en: 'Adding content, images, teams and API keys is temporarily limited for this account. Please contact the finance team.',
  },
  currencyInvalid: {
    'pt-BR': 'A moeda deve ser um código de três letras (ex.: BRL).',
    en: 'The currency must be a three-letter code (e.g. BRL).',
  },
} as const satisfies Record<string, Record<Lang, string>>;

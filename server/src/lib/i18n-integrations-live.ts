// The Tencent, YouTube, Facebook and simulcast messages of lib/i18n.ts (spread into its table).
// docs/integrations.md.

export const INTEGRATION_LIVE_MESSAGES = {
  tencentKeysInvalid: {
    'pt-BR': 'A Tencent Cloud recusou estas chaves. Confira o SecretId e a SecretKey',
    en: 'Tencent Cloud refused these keys. Check the SecretId and the SecretKey',
  },
  tencentKeysForbidden: {
    'pt-BR': 'Estas chaves não têm permissão para listar as mídias do VOD ({code})',
    en: 'These keys may not list the VOD media ({code})',
  },
  tencentUnreachable: {
    'pt-BR': 'Não foi possível falar com a Tencent Cloud agora. Tente novamente em instantes',
    en: 'Tencent Cloud could not be reached just now. Try again in a moment',
  },
  youtubeNoChannel: {
    'pt-BR': 'Esta conta Google não tem um canal do YouTube. Crie o canal e tente novamente',
    en: 'This Google account has no YouTube channel. Create the channel and try again',
  },
  youtubeUnreachable: {
    'pt-BR': 'Não foi possível falar com o YouTube agora. Tente novamente em instantes',
    en: 'YouTube could not be reached just now. Try again in a moment',
  },
  facebookNoPage: {
    'pt-BR':
      'Nenhuma Página do Facebook foi autorizada para transmissões. Autorize uma Página e tente novamente',
    en: 'No Facebook Page was authorised for live videos. Authorise a Page and try again',
  },
} as const;

// The viewer-side messages of lib/i18n.ts (public playback, docs/playback.md).

export const PLAYBACK_MESSAGES = {
  playbackNotFound: {
    'pt-BR': 'Esta transmissão ou vídeo não existe ou não está disponível',
    en: 'This stream or video does not exist or is not available',
  },
  playbackGeoBlocked: {
    'pt-BR': 'Este conteúdo não está disponível na sua região',
    en: 'This content is not available in your region',
  },
  playbackDomainNotAllowed: {
    'pt-BR': 'Este conteúdo não pode ser exibido neste site',
    en: 'This content cannot be shown on this site',
  },
  playbackLinkInvalid: {
    'pt-BR': 'O link de reprodução é inválido ou expirou',
    en: 'The playback link is invalid or has expired',
  },
  whepUnavailable: {
    'pt-BR': 'Esta transmissão não está disponível por WebRTC agora',
    en: 'This live is not available over WebRTC now',
  },
  whepFull: {
    'pt-BR': 'Esta transmissão atingiu o limite de espectadores por WebRTC',
    en: 'This live has reached its limit of WebRTC viewers',
  },
  whepInvalidOffer: {
    'pt-BR': 'A oferta WebRTC (SDP) é inválida',
    en: 'The WebRTC offer (SDP) is invalid',
  },
} as const;

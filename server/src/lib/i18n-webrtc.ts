// The WHIP ingest's messages of lib/i18n.ts (docs/studio.md "WHIP ingest").

export const WEBRTC_MESSAGES = {
  whipKeyInvalid: {
    'pt-BR': 'Chave de sinal inválida: envie Authorization: Bearer com a chave do sinal',
    en: 'Invalid signal key: send Authorization: Bearer with the signal key',
  },
  whipStreamClosed: {
    'pt-BR': 'Esta transmissão não recebe sinal agora',
    en: 'This stream does not take a signal now',
  },
  whipSignalBusy: {
    'pt-BR': 'Este sinal já está sendo transmitido',
    en: 'This signal is already being published',
  },
  whipOfferInvalid: {
    'pt-BR': 'Oferta SDP inválida: envie áudio Opus e vídeo H.264 ou VP8',
    en: 'Invalid SDP offer: send Opus audio and H.264 or VP8 video',
  },
  whipContentType: {
    'pt-BR': 'Tipo de conteúdo não suportado: envie application/sdp',
    en: 'Unsupported content type: send application/sdp',
  },
  whipUnavailable: {
    'pt-BR': 'A ingestão WHIP não está disponível neste servidor',
    en: 'WHIP ingest is not available on this server',
  },
  whipServerFull: {
    'pt-BR': 'O servidor está com o máximo de transmissões WHIP. Tente novamente em instantes',
    en: 'The server has its maximum of WHIP publishes. Try again shortly',
  },
  whipSessionNotFound: {
    'pt-BR': 'Sessão WHIP não encontrada',
    en: 'WHIP session not found',
  },
} as const;

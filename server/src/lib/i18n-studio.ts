import type { Lang } from './lang.ts';

/** Texts of the browser studio: guest links, the waiting room, the guests' media (docs/studio.md "Studio page
 * and guests"). */
export const STUDIO_MESSAGES = {
  notStudioStream: {
    'pt-BR': 'Esta transmissão não é do tipo estúdio',
    en: 'This stream is not a studio stream',
  },
  guestLinkInvalid: {
    'pt-BR': 'Link de convidado inválido, expirado ou revogado',
    en: 'Invalid, expired or revoked guest link',
  },
  guestSessionInvalid: {
    'pt-BR': 'Sessão de convidado inválida: abra o link de convidado de novo',
    en: 'Invalid guest session: open the guest link again',
  },
  guestNotFound: { 'pt-BR': 'Convidado não encontrado', en: 'Guest not found' },
  guestWaitingRoomFull: {
    'pt-BR': 'A sala de espera está cheia ({max} convidados): tente novamente mais tarde',
    en: 'The waiting room is full ({max} guests): try again later',
  },
  guestStageFull: {
    'pt-BR': 'O palco já tem {max} convidados: remova um antes de admitir outro',
    en: 'The stage already has {max} guests: remove one before admitting another',
  },
  guestNotWaiting: {
    'pt-BR': 'Este convidado não está na sala de espera',
    en: 'This guest is not in the waiting room',
  },
  guestNotAdmitted: {
    'pt-BR': 'O convidado ainda não foi admitido no palco',
    en: 'The guest has not been admitted to the stage yet',
  },
  guestNotPublishing: {
    'pt-BR': 'O convidado ainda não está enviando câmera e microfone',
    en: 'The guest is not sending camera and microphone yet',
  },
  guestAlreadyPublishing: {
    'pt-BR': 'Este convidado já está enviando câmera e microfone (em outra aba?)',
    en: 'This guest is already sending camera and microphone (in another tab?)',
  },
  guestSubscriberLimit: {
    'pt-BR': 'Este convidado já é recebido por {max} páginas do estúdio',
    en: 'This guest is already received by {max} studio pages',
  },
  guestMediaSessionNotFound: {
    'pt-BR': 'Sessão de mídia não encontrada',
    en: 'Media session not found',
  },
  sdpContentType: {
    'pt-BR': 'Envie a oferta SDP como application/sdp',
    en: 'Send the SDP offer as application/sdp',
  },
  sdpInvalid: {
    'pt-BR': 'Oferta SDP inválida',
    en: 'Invalid SDP offer',
  },
  webrtcUnavailable: {
    'pt-BR': 'WebRTC não está disponível neste servidor',
    en: 'WebRTC is not available on this server',
  },
} as const satisfies Record<string, Record<Lang, string>>;

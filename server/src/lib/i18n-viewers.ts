import type { Lang } from './lang.ts';

/** Texts of the viewer side: channel, beacons, the viewer-ID signal (docs/playback.md "Viewer channel",
 * "Beacons"). */
export const VIEWER_MESSAGES = {
  notOnAir: {
    'pt-BR': 'A transmissão não está no ar: não há espectadores para identificar',
    en: 'The stream is not on air: there are no viewers to identify',
  },
  viewerSessionInvalid: {
    'pt-BR': 'Sessão de reprodução inválida ou expirada',
    en: 'Invalid or expired playback session',
  },
  likeNeedsPlayback: {
    'pt-BR': 'Só é possível curtir um vídeo depois de começar a assisti-lo neste player',
    en: 'A video can be liked only once it has started playing in this player',
  },
  beaconSessionSpent: {
    'pt-BR': 'Esta sessão de reprodução já enviou todos os eventos permitidos: peça uma nova sessão',
    en: 'This playback session has sent all the events it may: ask for a new session',
  },
  analyticsWindowInvalid: {
    'pt-BR': 'O início do período deve ser anterior ao fim',
    en: 'The start of the period must come before its end',
  },
  eventsNotFound: {
    'pt-BR': "Can't find Eventos with id: {id}",
    en: "Can't find Eventos with id: {id}",
  },
  viewNotFound: {
    'pt-BR': 'Visualização não encontrada',
    en: 'View not found',
  },
  beaconBodyInvalid: {
    'pt-BR': 'O corpo do beacon deve ser JSON',
    en: 'The beacon body must be JSON',
  },
} as const satisfies Record<string, Record<Lang, string>>;

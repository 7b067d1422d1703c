// The overlay and classroom messages of lib/i18n.ts (spread into its table). pt-BR is the spec's text
// where it names one (SPEC §5).

export const OVERLAY_MESSAGES = {
  overlayNotFound: { 'pt-BR': 'Overlay não encontrado', en: 'Overlay not found' },
  overlaysTooMany: {
    'pt-BR': 'A equipe pode ter no máximo {max} overlays',
    en: 'A team can have at most {max} overlays',
  },
  overlaysActiveTooMany: {
    'pt-BR': 'No máximo {max} overlays ligados por transmissão',
    en: 'At most {max} overlays can be on for a stream',
  },
  overlayTextRequired: {
    'pt-BR': 'Um overlay de texto precisa de um texto',
    en: 'A text overlay needs a text',
  },
  overlayNotImage: {
    'pt-BR': 'Este overlay é de texto: ele não tem imagem',
    en: 'This is a text overlay: it has no image',
  },
  participantNameInvalid: { 'pt-BR': 'Nome inserido inválido', en: 'Invalid name' },
  classroomNotFound: { 'pt-BR': 'Sala de aula não encontrada', en: 'Classroom not found' },
  classroomSpeakerNotFound: { 'pt-BR': 'Orador não encontrado', en: 'Speaker not found' },
  classroomSpeakersTooMany: {
    'pt-BR': 'A sala de aula pode ter no máximo {max} oradores',
    en: 'A classroom can have at most {max} speakers',
  },
  classroomAgendaTooMany: {
    'pt-BR': 'A agenda pode ter no máximo {max} itens',
    en: 'The agenda can have at most {max} items',
  },
  classroomChatRegistration: {
    'pt-BR': 'Inscreva-se na sala de aula para participar do chat.',
    en: 'Register for the classroom to join the chat.',
  },
  classroomCodeWrong: {
    'pt-BR': 'Código incorreto. Confira o e-mail e tente de novo.',
    en: 'Wrong code. Check the e-mail and try again.',
  },
  classroomCodeExpired: {
    'pt-BR': 'Este código expirou ou foi tentado vezes demais. Peça um novo código.',
    en: 'This code has expired or was tried too many times. Ask for a new code.',
  },
  classroomCodeTooMany: {
    'pt-BR': 'Muitos códigos pedidos. Tente de novo em uma hora.',
    en: 'Too many codes asked for. Try again in an hour.',
  },
  chatTooFast: {
    'pt-BR':
      'Você está enviando mensagens rápido demais. Aguarde {seconds, plural, one {# segundo} other {# segundos}}',
    en: 'You are sending messages too fast. Wait {seconds, plural, one {# second} other {# seconds}}',
  },
} as const;

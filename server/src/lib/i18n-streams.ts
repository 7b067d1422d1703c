// The live-stream messages of lib/i18n.ts (spread into its table). pt-BR is the spec's text where it
// names one (SPEC §5, §8).

export const STREAM_MESSAGES = {
  streamNotFound: { 'pt-BR': 'Transmissão não encontrada', en: 'Stream not found' },
  signalNotFound: { 'pt-BR': 'Sinal não encontrado', en: 'Signal not found' },
  userNotFound: { 'pt-BR': 'Usuário não encontrado', en: 'User not found' },
  removeSelf: {
    'pt-BR': 'Você não pode remover a si mesmo da equipe',
    en: 'You cannot remove yourself from the team',
  },
  domainInvalid: { 'pt-BR': 'Domínio inválido!', en: 'Invalid domain!' },
  domainDuplicate: { 'pt-BR': 'Domínio já inserido', en: 'Domain already added' },
  urlInvalid: {
    'pt-BR': 'A URL não é válida (Exemplo válido: {host})',
    en: 'The URL is not valid (valid example: {host})',
  },
  colorInvalid: {
    'pt-BR': 'Cor inválida: use rgba(r, g, b, a) ou #rrggbb',
    en: 'Invalid colour: use rgba(r, g, b, a) or #rrggbb',
  },
  regionInvalid: {
    'pt-BR': 'Região inválida: {code} (use o código ISO de duas letras, como BR)',
    en: 'Invalid region: {code} (use the two-letter ISO code, such as BR)',
  },
  regionDuplicate: { 'pt-BR': 'Região já inserida: {code}', en: 'Region already added: {code}' },
  regionRequired: {
    'pt-BR': 'Escolha ao menos uma região para liberar',
    en: 'Choose at least one region to allow',
  },
  resolutionInvalid: {
    'pt-BR': 'Resolução inválida (exemplo: 1920x1080)',
    en: 'Invalid resolution (example: 1920x1080)',
  },
  dateInvalid: { 'pt-BR': 'Data e hora inválidas', en: 'Invalid date and time' },
  lockedSchedule: {
    'pt-BR': 'Não é possível alterar a data e a hora após o início da transmissão',
    en: 'The date and time cannot be changed after the stream has started',
  },
  lockedPlayerColor: {
    'pt-BR': 'Não é possível alterar a cor do player após o início da transmissão',
    en: 'The player colour cannot be changed after the stream has started',
  },
  lockedLatency: {
    'pt-BR': 'Não é possível alterar a latência após o início da transmissão',
    en: 'The latency cannot be changed after the stream has started',
  },
  lockedFinished: {
    'pt-BR': 'Não é possível alterar esta configuração após o fim da transmissão',
    en: 'This setting cannot be changed after the stream has ended',
  },
  lockedSettings: {
    'pt-BR':
      'Não é possível alterar a latência ou a cor do player de transmissões já iniciadas; nada foi alterado',
    en: 'The latency or player colour of streams that have started cannot be changed; nothing was changed',
  },
  illegalTransition: {
    'pt-BR': 'Não é possível {action} a transmissão: ela está {state}',
    en: 'The stream cannot be {action}: it is {state}',
  },
  deleteRunning: {
    'pt-BR': 'Não é possível remover a transmissão: ela está {state}. Encerre-a primeiro',
    en: 'The stream cannot be deleted: it is {state}. End it first',
  },
  keysForbidden: {
    'pt-BR': 'Você não tem permissão para gerar chaves de transmissão',
    en: 'You are not allowed to generate stream keys',
  },
  imageTooLarge: {
    'pt-BR': 'Tamanho da imagem excedeu limite de 10MB!',
    en: 'The image size exceeded the 10MB limit!',
  },
  studioBackgroundTooLarge: {
    'pt-BR': 'Tamanho da imagem excedeu limite de 30MB!',
    en: 'The image is larger than the 30MB limit!',
  },
  imageInvalid: { 'pt-BR': 'O formato da imagem é inválido!', en: 'The image format is invalid!' },
  multipartRequired: {
    'pt-BR': 'Envie a imagem como multipart/form-data no campo file',
    en: 'Send the image as multipart/form-data in the field file',
  },
  csvTooMany: {
    'pt-BR': 'O arquivo pode ter no máximo 100 transmissões',
    en: 'The file can have at most 100 streams',
  },
  csvEmpty: { 'pt-BR': 'O arquivo não tem nenhuma transmissão', en: 'The file has no streams' },
  csvHeader: {
    'pt-BR': 'Cabeçalho inválido: use nome,data,hora[,descricao,tipo,latencia]',
    en: 'Invalid header: use nome,data,hora[,descricao,tipo,latencia]',
  },
  csvRows: {
    'pt-BR': 'O arquivo tem linhas com erro; nenhuma transmissão foi criada',
    en: 'The file has rows with errors; no stream was created',
  },
  csvColumns: {
    'pt-BR': 'A linha tem {found, plural, one {# coluna} other {# colunas}}, mas o cabeçalho tem {expected}',
    en: 'The row has {found, plural, one {# column} other {# columns}}, but the header has {expected}',
  },
  csvQuote: { 'pt-BR': 'Aspas sem fechamento', en: 'Unclosed quotes' },
  csvQuoteMisplaced: {
    'pt-BR': 'Aspas fora de lugar: depois da aspa que fecha um campo vem a vírgula ou o fim da linha',
    en: 'Misplaced quotes: a closing quote must be followed by the delimiter or the end of the line',
  },
  csvName: { 'pt-BR': 'nome: O campo é obrigatório', en: 'nome: This field is required' },
  csvNameLength: { 'pt-BR': 'nome: O tamanho máximo é 120', en: 'nome: The maximum length is 120' },
  csvDescriptionLength: {
    'pt-BR': 'descricao: O tamanho máximo é 2000',
    en: 'descricao: The maximum length is 2000',
  },
  csvDate: {
    'pt-BR': 'data: Data inválida (use DD/MM/AAAA ou AAAA-MM-DD)',
    en: 'data: Invalid date (use DD/MM/YYYY or YYYY-MM-DD)',
  },
  csvTime: {
    'pt-BR': 'hora: Hora inválida (use HH:mm ou HH:mm:ss)',
    en: 'hora: Invalid time (use HH:mm or HH:mm:ss)',
  },
  csvType: {
    'pt-BR': 'tipo: Tipo inválido (use studio ou encoder)',
    en: 'tipo: Invalid type (use studio or encoder)',
  },
  csvLatency: {
    'pt-BR': 'latencia: Latência inválida (use default, low ou ultraLow)',
    en: 'latencia: Invalid latency (use default, low or ultraLow)',
  },
  timeZoneInvalid: { 'pt-BR': 'Fuso horário inválido', en: 'Invalid time zone' },
} as const;

/** Words for the transition messages, in each language. */
export const STATUS_WORDS = {
  'pt-BR': { scheduled: 'agendada', live: 'ao vivo', paused: 'pausada', finished: 'encerrada' },
  en: { scheduled: 'scheduled', live: 'live', paused: 'paused', finished: 'finished' },
} as const;

export const ACTION_WORDS = {
  'pt-BR': { start: 'iniciar', pause: 'pausar', resume: 'retomar', complete: 'encerrar' },
  en: { start: 'started', pause: 'paused', resume: 'resumed', complete: 'ended' },
} as const;

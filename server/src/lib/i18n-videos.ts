import type { Lang } from './lang.ts';

/** Messages of the video library, uploads and subtitles (docs/api-videos.md). */
export const VIDEO_MESSAGES = {
  videoNotFound: { 'pt-BR': 'Vídeo não encontrado', en: 'Video not found' },
  directoryNotFound: { 'pt-BR': 'Pasta não encontrada', en: 'Folder not found' },
  directoryExists: {
    'pt-BR': 'Já existe uma pasta com este nome aqui.',
    en: 'A folder with this name already exists here.',
  },
  accountBlockedVideos: {
    'pt-BR':
      'O envio e o gerenciamento de novos vídeos estão temporariamente limitados para esta conta. Entre em contato com o financeiro.',
    en: 'Uploading and managing new videos is temporarily limited for this account. Please contact the finance team.',
  },
  videoImageTooLarge: {
    'pt-BR': 'Tamanho da imagem excedeu limite de 10MB!',
    en: 'The image size exceeded the 10MB limit!',
  },
  videoImageFormat: { 'pt-BR': 'O formato da imagem é inválido!', en: 'The image format is invalid!' },
  fileRequired: {
    'pt-BR': 'Envie o arquivo no campo file (multipart/form-data).',
    en: 'Send the file in the field "file" (multipart/form-data).',
  },
  contentRangeInvalid: {
    'pt-BR': 'Cabeçalho Content-Range inválido (use bytes início-fim/total).',
    en: 'Invalid Content-Range header (use bytes start-end/total).',
  },
  uploadTotalChanged: {
    'pt-BR': 'O tamanho total do arquivo mudou; reinicie o envio.',
    en: 'The total file size changed; restart the upload.',
  },
  uploadGap: {
    'pt-BR': 'Este bloco começa depois do que o servidor recebeu: continue a partir do byte {offset}.',
    en: 'This chunk starts after what the server has received: continue from byte {offset}.',
  },
  chunkTooLarge: {
    'pt-BR': 'O bloco excede o limite de 128 MB.',
    en: 'The chunk exceeds the 128 MB limit.',
  },
  uploadTooLarge: {
    'pt-BR': 'O arquivo excede o limite de envio do servidor.',
    en: 'The file exceeds the server upload limit.',
  },
  chunkMismatch: {
    'pt-BR': 'O bloco recebido não corresponde ao Content-Range.',
    en: 'The received chunk does not match its Content-Range.',
  },
  uploadEmpty: {
    'pt-BR': 'O arquivo está vazio (0 bytes): não há vídeo para enviar. Escolha outro arquivo.',
    en: 'The file is empty (0 bytes): there is no video to upload. Choose another file.',
  },
  uploadBusy: {
    'pt-BR': 'Outro envio deste vídeo está em andamento; tente novamente.',
    en: 'Another upload of this video is in progress; try again.',
  },
  subtitleInvalid: {
    'pt-BR': 'O arquivo de legenda é inválido (envie WebVTT ou SRT).',
    en: 'The subtitle file is invalid (send WebVTT or SRT).',
  },
  subtitleTooLarge: {
    'pt-BR': 'O arquivo de legenda excede 2 MB.',
    en: 'The subtitle file exceeds 2 MB.',
  },
  subtitleNotFound: { 'pt-BR': 'Legenda não encontrada', en: 'Subtitle not found' },
  subtitlesUnavailable: {
    'pt-BR': 'Legendas automáticas não estão disponíveis neste servidor.',
    en: 'Automatic subtitles are not available on this server.',
  },
  subtitlesLanguageUnavailable: {
    'pt-BR': 'Legendas automáticas não estão disponíveis neste idioma. Idiomas disponíveis: {languages}.',
    en: 'Automatic subtitles are not available in this language. Available languages: {languages}.',
  },
  subtitlesVideoNotReady: {
    'pt-BR': 'O vídeo precisa estar pronto (processado) para gerar legendas automáticas.',
    en: 'The video must be ready (processed) before automatic subtitles can be made.',
  },
  subtitlesTooLong: {
    'pt-BR': 'Vídeos com mais de {minutes} minutos não recebem legendas automáticas.',
    en: 'Videos longer than {minutes} minutes do not get automatic subtitles.',
  },
  subtitlesJobRunning: {
    'pt-BR': 'Já há legendas automáticas sendo geradas para este vídeo.',
    en: 'Automatic subtitles are already being made for this video.',
  },
  subtitlesNoAudio: {
    'pt-BR': 'O vídeo não tem áudio.',
    en: 'The video has no audio.',
  },
  subtitlesNoSpeech: {
    'pt-BR': 'Nenhuma fala foi reconhecida no áudio.',
    en: 'No speech was recognised in the audio.',
  },
  subtitlesSourceMissing: {
    'pt-BR': 'O arquivo original do vídeo não está mais disponível.',
    en: "The video's original file is no longer available.",
  },
  subtitlesTimedOut: {
    'pt-BR': 'A geração das legendas demorou demais e foi interrompida.',
    en: 'Making the subtitles took too long and was stopped.',
  },
  subtitlesEngineFailed: {
    'pt-BR': 'O reconhecimento de fala falhou. Tente novamente.',
    en: 'Speech recognition failed. Try again.',
  },
  mediaLinkInvalid: {
    'pt-BR': 'Link de mídia inválido ou expirado',
    en: 'Invalid or expired media link',
  },
  notMultipart: {
    'pt-BR': 'Envie o arquivo como multipart/form-data.',
    en: 'Send the file as multipart/form-data.',
  },
} as const satisfies Record<string, Record<Lang, string>>;

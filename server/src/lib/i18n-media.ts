import type { Lang } from './lang.ts';

/**
 * Messages of untrusted media: why an uploaded file is refused. The reasons of a failed video are
 * stored in pt-BR (docs/api-videos.md) and shown in English by `localizedMediaError`.
 */
export const MEDIA_MESSAGES = {
  mediaNotVideo: {
    'pt-BR': 'O arquivo enviado não é um vídeo válido.',
    en: 'The uploaded file is not a valid video.',
  },
  mediaFormatRefused: {
    'pt-BR':
      'O arquivo enviado não é um vídeo em um formato aceito (MP4, MOV, MKV, WebM, MPEG-TS, FLV, AVI, MXF, OGG, WMV ou MPEG); listas de reprodução e arquivos de texto não são aceitos.',
    en: 'The uploaded file is not a video in an accepted format (MP4, MOV, MKV, WebM, MPEG-TS, FLV, AVI, MXF, OGG, WMV or MPEG); playlists and text files are not accepted.',
  },
  mediaNoDuration: {
    'pt-BR': 'Não foi possível ler a duração do vídeo.',
    en: 'The duration of the video could not be read.',
  },
  mediaTranscodeFailed: {
    'pt-BR': 'A conversão do vídeo falhou: {detail}',
    en: 'The video conversion failed: {detail}',
  },
  mediaTranscodeInternal: {
    'pt-BR': 'A conversão do vídeo falhou por um erro interno.',
    en: 'The video conversion failed because of an internal error.',
  },
  mediaThumbnailFailed: {
    'pt-BR': 'Não foi possível gerar a miniatura do vídeo.',
    en: 'The thumbnail of the video could not be made.',
  },
  mediaRecordingFailed: {
    'pt-BR': 'A gravação não pôde ser montada.',
    en: 'The recording could not be put together.',
  },
  imageTooManyPixels: {
    'pt-BR': 'A imagem tem {width} × {height} pixels; o máximo é {max} megapixels.',
    en: 'The image is {width} × {height} pixels; the maximum is {max} megapixels.',
  },
  imageUnreadable: {
    'pt-BR': 'A imagem está corrompida ou não pôde ser lida.',
    en: 'The image is damaged or could not be read.',
  },
} as const satisfies Record<string, Record<Lang, string>>;

export type MediaMessageKey = keyof typeof MEDIA_MESSAGES;

/** A template as a matcher of the stored text, `{param}` matching anything (linear: one group). */
const STORED = Object.values(MEDIA_MESSAGES).map((m) => {
  const [head, ...rest] = m['pt-BR'].split(/\{\w+\}/);
  return { message: m, head: head ?? '', tail: rest.join(''), open: rest.length > 0 };
});

/**
 * The stored (pt-BR) reason of a failed video in the reader's language. Texts that are not one of
 * these messages (older rows, other writers) are shown as stored.
 */
export function localizedMediaError(stored: string | null, lang: Lang): string | null {
  if (stored === null || lang === 'pt-BR') return stored;
  for (const { message, head, tail, open } of STORED) {
    if (!open) {
      if (stored === head) return message[lang];
      continue;
    }
    if (stored.startsWith(head) && stored.endsWith(tail) && stored.length >= head.length + tail.length) {
      const detail = stored.slice(head.length, stored.length - tail.length);
      return message[lang].replace(/\{\w+\}/, () => detail);
    }
  }
  return stored;
}

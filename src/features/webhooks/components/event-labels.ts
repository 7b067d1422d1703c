import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The webhook events (docs/webhooks.md), as the console names them. */
export const EVENT_LABELS: Record<string, MessageDescriptor> = {
  'video.ready': msg`Vídeo pronto`,
  'video.failed': msg`Falha no processamento do vídeo`,
  'upload.completed': msg`Upload concluído`,
  'live.started': msg`Transmissão iniciada`,
  'live.ended': msg`Transmissão encerrada`,
};

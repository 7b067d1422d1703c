import type { Lang } from './lang.ts';

/** Texts of the account websocket (docs/realtime.md). */
export const REALTIME_MESSAGES = {
  websocketOnly: {
    'pt-BR': 'Este endereço aceita apenas conexões WebSocket',
    en: 'This address only accepts WebSocket connections',
  },
} as const satisfies Record<string, Record<Lang, string>>;

import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from './i18n-account.ts';
import { ADMIN_MESSAGES } from './i18n-admin.ts';
import { BILLING_MESSAGES } from './i18n-billing.ts';
import { INPUT_MESSAGES } from './i18n-input.ts';
import { INTEGRATION_MESSAGES } from './i18n-integrations.ts';
import { INTEGRATION_LIVE_MESSAGES } from './i18n-integrations-live.ts';
import { KEY_MESSAGES } from './i18n-keys.ts';
import { LIMIT_MESSAGES } from './i18n-limits.ts';
import { LOG_MESSAGES } from './i18n-logs.ts';
import { MEDIA_MESSAGES } from './i18n-media.ts';
import { OVERLAY_MESSAGES } from './i18n-overlays.ts';
import { PLAYBACK_MESSAGES } from './i18n-playback.ts';
import { REALTIME_MESSAGES } from './i18n-realtime.ts';
import { STREAM_MESSAGES } from './i18n-streams.ts';
import { STUDIO_MESSAGES } from './i18n-studio.ts';
import { TEAM_MESSAGES } from './i18n-teams.ts';
import { TWO_FACTOR_MESSAGES } from './i18n-two-factor.ts';
import { UI_MESSAGES } from './i18n-ui.ts';
import { VIDEO_MESSAGES } from './i18n-videos.ts';
import { VIEWER_MESSAGES } from './i18n-viewers.ts';
import { WEBHOOK_MESSAGES } from './i18n-webhooks.ts';
import { WEBRTC_MESSAGES } from './i18n-webrtc.ts';
import type { Lang } from './lang.ts';

export type { Lang } from './lang.ts';

/** `Accept-Language` starting with `en` gives English; anything else (or nothing) the default pt-BR. */
export function langOf(request: Pick<FastifyRequest, 'headers'>): Lang {
  const header = request.headers['accept-language'];
  const value = Array.isArray(header) ? header[0] : header;
  return value?.trim().toLowerCase().startsWith('en') ? 'en' : 'pt-BR';
}

type Params = Record<string, string | number>;

/** The server's own texts. pt-BR strings are the spec's (SPEC §5, §8) where it names one. */
export const MESSAGES = {
  required: { 'pt-BR': 'O campo é obrigatório', en: 'This field is required' },
  email: { 'pt-BR': 'O formato do email não é válido', en: 'The e-mail format is not valid' },
  format: { 'pt-BR': 'Formato inválido', en: 'Invalid format' },
  maxLength: { 'pt-BR': 'O tamanho máximo é {max}', en: 'The maximum length is {max}' },
  minLength: { 'pt-BR': 'O tamanho minimo é {min}', en: 'The minimum length is {min}' },
  integer: { 'pt-BR': 'Apenas números inteiros', en: 'Whole numbers only' },
  minimum: { 'pt-BR': 'O valor minimo é {min}', en: 'The minimum value is {min}' },
  maximum: { 'pt-BR': 'O valor maximo é {max}', en: 'The maximum value is {max}' },
  invalidField: { 'pt-BR': 'Requisição inválida: {field}', en: 'Invalid request: {field}' },
  invalidBody: {
    'pt-BR': 'O corpo da requisição não é um JSON válido',
    en: 'The request body is not valid JSON',
  },
  unsupportedMediaType: {
    'pt-BR': 'Tipo de conteúdo não suportado: envie application/json',
    en: 'Unsupported content type: send application/json',
  },
  bodyTooLarge: { 'pt-BR': 'O corpo da requisição é grande demais', en: 'The request body is too large' },
  badRequest: { 'pt-BR': 'Requisição inválida', en: 'Invalid request' },
  notFound: { 'pt-BR': 'Recurso não encontrado', en: 'Not found' },
  methodNotAllowed: { 'pt-BR': 'Método não permitido', en: 'Method not allowed' },
  internal: { 'pt-BR': 'Aconteceu um erro interno...', en: 'An internal error occurred...' },
  unavailable: { 'pt-BR': 'Serviço indisponível', en: 'Service unavailable' },
  wrongCredentials: {
    'pt-BR': 'Usuário ou senha estão incorretos',
    en: 'User or password is incorrect',
  },
  tooManyLogins: {
    'pt-BR':
      'Muitas tentativas de login. Tente novamente em {minutes, plural, one {# minuto} other {# minutos}}',
    en: 'Too many login attempts. Try again in {minutes, plural, one {# minute} other {# minutes}}',
  },
  unauthenticated: { 'pt-BR': 'Faça login para continuar', en: 'Sign in to continue' },
  sessionExpired: {
    'pt-BR': 'Sua sessão expirou. Faça login novamente',
    en: 'Your session has expired. Please sign in again',
  },
  sessionInvalid: {
    'pt-BR': 'Sessão inválida. Faça login novamente',
    en: 'Invalid session. Please sign in again',
  },
  forbidden: {
    'pt-BR': 'Você não tem permissão para acessar este recurso',
    en: 'You are not allowed to access this resource',
  },
  accountNotFound: { 'pt-BR': 'Conta não encontrada', en: 'Account not found' },
  clientNotFound: { 'pt-BR': 'Cliente não encontrado', en: 'Client not found' },
  resetLinkInvalid: {
    'pt-BR': 'O link de recuperação de senha é inválido ou expirou',
    en: 'The password recovery link is invalid or has expired',
  },
  ...INPUT_MESSAGES,
  ...LOG_MESSAGES,
  ...LIMIT_MESSAGES,
  ...STREAM_MESSAGES,
  ...VIDEO_MESSAGES,
  ...WEBHOOK_MESSAGES,
  ...INTEGRATION_MESSAGES,
  ...INTEGRATION_LIVE_MESSAGES,
  ...UI_MESSAGES,
  ...MEDIA_MESSAGES,
  ...ADMIN_MESSAGES,
  ...REALTIME_MESSAGES,
  ...VIEWER_MESSAGES,
  ...WEBRTC_MESSAGES,
  ...ACCOUNT_MESSAGES,
  ...OVERLAY_MESSAGES,
  ...TWO_FACTOR_MESSAGES,
  ...PLAYBACK_MESSAGES,
  ...KEY_MESSAGES,
  ...BILLING_MESSAGES,
  ...TEAM_MESSAGES,
  ...STUDIO_MESSAGES,
} as const satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof MESSAGES;

/** Each language's messages compiled once by Lingui (the console's i18n library): ICU placeholders and
 * plurals (`{minutes, plural, one {# minuto} other {# minutos}}`) in the language's own plural rules. */
const CATALOGS = Object.fromEntries(
  (['pt-BR', 'en'] as const).map((lang) => {
    const i18n = setupI18n();
    const compiled = Object.fromEntries(
      Object.entries(MESSAGES).map(([key, text]) => [key, compileMessage(text[lang])]),
    );
    i18n.loadAndActivate({ locale: lang, messages: compiled });
    return [lang, i18n];
  }),
) as Record<Lang, I18n>;

export function t(lang: Lang, key: MessageKey, params: Params = {}): string {
  return CATALOGS[lang]._(key, params);
}

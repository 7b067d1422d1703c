import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnreachable } from '../db/database.ts';
import { ApiError } from '../lib/errors.ts';
import { type Lang, langOf, type MessageKey, t } from '../lib/i18n.ts';

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  field?: string;
}

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  message: string,
  field?: string,
): FastifyReply {
  const body: ErrorBody = { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
  if (field) body.field = field;
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

// When several checks fail, the one a person fixes first speaks.
const PRIORITY = ['required', 'type', 'minLength', 'format', 'pattern', 'maxLength', 'minimum', 'maximum'];

function rank(error: FastifySchemaValidationError): number {
  const i = PRIORITY.indexOf(error.keyword);
  return i === -1 ? PRIORITY.length : i;
}

function fieldOf(error: FastifySchemaValidationError): string {
  const path = error.instancePath.split('/').filter(Boolean);
  const params = error.params as Record<string, unknown>;
  const missing = Array.isArray(params.requiredProperties)
    ? params.requiredProperties[0]
    : (params.missingProperty ?? undefined);
  if (error.keyword === 'required' && typeof missing === 'string') path.push(missing);
  return path.join('.');
}

/** A schema failure as the spec's field messages (SPEC §5), else "Requisição inválida: <field>". */
export function validationMessage(
  lang: Lang,
  errors: FastifySchemaValidationError[],
  context: string | undefined,
): { message: string; field: string } {
  const error = [...errors].sort((a, b) => rank(a) - rank(b))[0];
  if (!error) return { message: t(lang, 'badRequest'), field: '' };
  const field = fieldOf(error);
  const params = error.params as Record<string, unknown>;
  const limit = typeof params.limit === 'number' ? params.limit : undefined;
  const say = (key: MessageKey, values: Record<string, string | number> = {}) => ({
    message: t(lang, key, { field: field || context || 'body', ...values }),
    field,
  });
  switch (error.keyword) {
    case 'required':
      return say('required');
    case 'format':
      return say(params.format === 'email' ? 'email' : 'format');
    case 'pattern':
      return say('format');
    case 'minLength':
      return limit !== undefined && limit <= 1 ? say('required') : say('minLength', { min: limit ?? 0 });
    case 'maxLength':
      return say('maxLength', { max: limit ?? 0 });
    case 'minimum':
    case 'exclusiveMinimum':
      return say('minimum', { min: limit ?? 0 });
    case 'maximum':
    case 'exclusiveMaximum':
      return say('maximum', { max: limit ?? 0 });
    case 'type':
      return params.type === 'integer' && field ? say('integer') : say('invalidField');
    default:
      return say('invalidField');
  }
}

const CLIENT_ERRORS: Record<string, MessageKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalidBody',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalidBody',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedMediaType',
  FST_ERR_CTP_BODY_TOO_LARGE: 'bodyTooLarge',
};

function statusMessage(status: number): MessageKey {
  if (status === 404) return 'notFound';
  if (status === 405) return 'methodNotAllowed';
  if (status === 413) return 'bodyTooLarge';
  if (status === 415) return 'unsupportedMediaType';
  return 'badRequest';
}

/**
 * One place turns every failure into `{statusCode, error, message}`: our ApiErrors, schema failures,
 * fastify's own client errors (bad JSON, wrong content type, body too large) — and anything else as a
 * 500 whose details go to the log only.
 */
export default fp(
  async (app) => {
    app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const lang = langOf(request);

      if (error instanceof ApiError) {
        reply.headers(error.headers);
        return sendError(reply, error.statusCode, t(lang, error.key, error.params), error.field);
      }

      if (error.validation) {
        const { message, field } = validationMessage(lang, error.validation, error.validationContext);
        request.log.info({ statusCode: 400, field, context: error.validationContext }, 'invalid request');
        return sendError(reply, 400, message, field || undefined);
      }

      const status = error.statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        // The message of a client error can quote the body (a password): log the code only.
        request.log.info({ statusCode: status, code: error.code }, 'client error');
        return sendError(reply, status, t(lang, CLIENT_ERRORS[error.code] ?? statusMessage(status)));
      }

      // PostgreSQL down or restarting, or another service it reaches over a socket (the bucket): a 503
      // the client may retry (and nginx passes on), not a 500. The log names no culprit it cannot know:
      // the error's code and stack say which one.
      if (isDatabaseUnreachable(error)) {
        request.log.error({ err: error }, 'request failed: a service it needs is unreachable');
        reply.header('retry-after', '5');
        return sendError(reply, 503, t(lang, 'unavailable'));
      }
      request.log.error({ err: error }, 'request failed');
      const code = typeof status === 'number' && status >= 500 && status < 600 ? status : 500;
      return sendError(reply, code, t(lang, code === 503 ? 'unavailable' : 'internal'));
    });
  },
  { name: 'errors' },
);

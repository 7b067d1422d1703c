import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { langOf, type MessageKey, t } from '../lib/i18n.ts';
import { sendError } from './errors.ts';
import { SECURITY_HEADERS, setSecurityHeaders } from './security-headers.ts';

const FRAMEWORK_ERRORS: Record<string, { status: number; key: MessageKey }> = {
  FST_ERR_BAD_URL: { status: 400, key: 'badUrl' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, key: 'uriTooLong' },
};

/**
 * Fastify's `frameworkErrors`: failures before a route is found (a URL that does not decode, a path
 * parameter past maxParamLength). They run no hooks, so the security headers are set here; fastify's
 * own answer would quote the path back.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = FRAMEWORK_ERRORS[error.code];
  setSecurityHeaders(reply);
  if (known) {
    request.log.info({ statusCode: known.status, code: error.code }, 'client error');
    sendError(reply, known.status, t(langOf(request), known.key));
    return;
  }
  request.log.error({ err: error }, 'request failed');
  sendError(reply, 500, t(langOf(request), 'internal'));
}

const CLIENT_ERRORS: Record<string, { status: number; key: MessageKey }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, key: 'requestTimeout' },
  HPE_HEADER_OVERFLOW: { status: 431, key: 'headersTooLarge' },
};

/**
 * Fastify's `clientErrorHandler`: bytes Node's HTTP parser refuses (a NUL in a header, a header block
 * past 16 KiB, a request not finished in time). There is no request to read a language from, so the
 * message is in the default one; the answer carries the security headers and closes the connection.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, key } = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, key: 'badRequest' };
  this.log.info({ statusCode: status, code: error.code }, 'client error');
  writeRawError(socket, status, t('pt-BR', key));
  socket.destroy(error);
}

/**
 * An error answer written straight to a socket that fastify never turned into a request (or whose
 * answer has to bypass it): the same body shape and security headers as every other answer, and the
 * connection closes. The caller destroys the socket.
 */
export function writeRawError(socket: Socket, status: number, message: string): void {
  if (!socket.writable) return;
  const body = JSON.stringify({ statusCode: status, error: STATUS_CODES[status], message });
  const headers = {
    ...SECURITY_HEADERS,
    'cache-control': 'no-store',
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('')}\r\n${body}`);
}

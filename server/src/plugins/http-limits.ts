import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions } from 'fastify';
import type { HttpLimitsConfig } from '../config.ts';
import { langOf, t } from '../lib/i18n.ts';
import { writeRawError } from './framework-errors.ts';

/**
 * The server options behind the slow-client limits (docs/security.md "Slow clients"). Node's own
 * whole-request timeout stays off: it would cut an honest multi-gigabyte upload, so the body is held
 * to a minimum pace instead (`guardBodies`).
 */
export function httpServerOptions(limits: HttpLimitsConfig): Partial<FastifyHttpOptions<Server>> {
  return {
    http: {
      headersTimeout: limits.headersTimeoutMs,
      // Node looks for expired headers this often (30 s by default, which would stretch a 20 s limit
      // to 50 s).
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(limits.headersTimeoutMs / 2))),
    },
    requestTimeout: 0,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
  };
}

/**
 * Refuses a connection at once when its peer already holds `max` open ones. The peer is the socket's
 * remote address: behind a reverse proxy that is the proxy, whose own per-client limit must then do
 * this job (TRUST_PROXY does not apply here: no header has been read yet).
 */
export function capConnectionsPerAddress(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

function hasBody(request: IncomingMessage): boolean {
  return request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length']) > 0;
}

/** Like node's own 408 for slow headers, in the client's language, then the connection is closed. */
function cut(request: IncomingMessage, response: ServerResponse, socket: Socket): void {
  if (!response.headersSent) writeRawError(socket, 408, t(langOf(request), 'requestTooSlow'));
  socket.destroy();
}

/**
 * A request body may take `requestTimeoutMs` to arrive at any pace; after that every window of
 * `bodyWindowMs` must bring at least `bodyMinBytes`, or the connection is cut (a 408 when no answer
 * has started). Bytes are counted as the socket reads them; a window in which the server itself was
 * not reading (the route applying backpressure, e.g. a slow disk) is never the client's fault. The
 * rule holds until the body is complete, also after an early answer (a 401 before the body): node
 * reads and discards the rest of the body at whatever pace the client sends it.
 */
export function guardBodies(server: Server, limits: HttpLimitsConfig): void {
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!hasBody(request)) return;
    const { socket } = request;
    const start = Date.now();
    let lastRead = socket.bytesRead;
    const timer = setInterval(() => {
      if (request.complete || socket.destroyed) return stop();
      const read = socket.bytesRead;
      const got = read - lastRead;
      lastRead = read;
      if (request.readableLength > 0 || socket.isPaused()) return;
      if (Date.now() - start < limits.requestTimeoutMs || got >= limits.bodyMinBytes) return;
      // After a stalled event loop the timer can run before the bytes that did arrive are read:
      // judge once they are.
      setImmediate(() => {
        if (request.complete || socket.destroyed) return;
        if (got + socket.bytesRead - read < limits.bodyMinBytes) {
          stop();
          cut(request, response, socket);
        }
      });
    }, limits.bodyWindowMs);
    timer.unref();
    const stop = () => clearInterval(timer);
    request.once('end', stop);
    request.once('close', stop);
  });
}

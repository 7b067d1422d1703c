import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import { EventHub, LocalTransport } from '../lib/events.ts';
import { PgTransport } from '../lib/events-pg.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The account event stream: producers `publish`, the websocket route subscribes (docs/realtime.md). */
    events: EventHub;
    /** The open, authenticated account sockets of this instance (keep-alive, per-user cap). */
    realtimeSockets: RealtimeSockets;
  }
}

/** What the keep-alive needs of one socket. */
export interface KeptAlive {
  userId: string;
  /** Sends the JSON keep-alive line and checks the transport-level pong of the last round. */
  keepAlive(timestamp: string): void;
}

export class RealtimeSockets {
  private readonly open = new Set<KeptAlive>();
  private readonly perUser = new Map<string, number>();

  /** Counts the socket in, or false when its user already holds `max`. */
  add(socket: KeptAlive, max: number): boolean {
    const count = this.perUser.get(socket.userId) ?? 0;
    if (count >= max) return false;
    this.perUser.set(socket.userId, count + 1);
    this.open.add(socket);
    return true;
  }

  remove(socket: KeptAlive): void {
    if (!this.open.delete(socket)) return;
    const left = (this.perUser.get(socket.userId) ?? 1) - 1;
    if (left > 0) this.perUser.set(socket.userId, left);
    else this.perUser.delete(socket.userId);
  }

  get size(): number {
    return this.open.size;
  }

  /** The open sockets of one user on this instance. */
  countOf(userId: string): number {
    return this.perUser.get(userId) ?? 0;
  }

  keepAlive(): void {
    const timestamp = new Date().toISOString();
    for (const socket of this.open) socket.keepAlive(timestamp);
  }
}

/**
 * The event bus (in-process on the embedded database, LISTEN/NOTIFY on PostgreSQL) and the websocket
 * server. Messages above the limit are refused by `ws` before they are buffered.
 */
export default fp(
  async (app) => {
    const { realtime, databaseUrl } = app.config;
    const hub = new EventHub({ maxEvents: realtime.replayEvents, maxAgeMs: realtime.replayMs });
    if (databaseUrl) {
      const transport = new PgTransport(app.db, databaseUrl, hub, app.log);
      await transport.listen();
      hub.attach(transport);
    } else {
      hub.attach(new LocalTransport(hub));
    }
    app.decorate('events', hub);

    const sockets = new RealtimeSockets();
    app.decorate('realtimeSockets', sockets);
    const timer = setInterval(() => sockets.keepAlive(), realtime.pingMs);
    timer.unref();

    await app.register(websocket, {
      options: { maxPayload: realtime.maxMessageBytes },
      // A client's broken frame is the client's problem, not an error of the server.
      errorHandler: (error, socket, request) => {
        request.log.debug({ err: error }, 'realtime: socket error');
        socket.terminate();
      },
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await hub.close();
    });
  },
  { name: 'realtime', dependencies: ['db'] },
);

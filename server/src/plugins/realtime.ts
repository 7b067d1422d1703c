import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import { currentSocketGrants } from '../db/repositories/memberships.ts';
import type { Executor } from '../db/schema.ts';
import { STAFF_PERMISSION } from '../permissions.ts';
import { EventHub, LocalTransport } from '../services/events.ts';
import { PgTransport } from '../services/events-pg.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The account event stream: producers `publish`, the websocket route subscribes (docs/realtime.md). */
    events: EventHub;
    /** The open, authenticated account sockets of this instance (keep-alive, per-user cap). */
    realtimeSockets: RealtimeSockets;
  }
}

/** What the keep-alive and the revocation check need of one socket. */
export interface KeptAlive {
  userId: string;
  /** Sends the JSON keep-alive line and checks the transport-level pong of the last round. */
  keepAlive(timestamp: string): void;
  /** What its hello was authorized with; each revalidation compares the database with it. */
  grant?: {
    sessionId: string;
    tokenVersion: number;
    accountId: string;
    /** `grantOf` of the user's roles at the hello: a different one now closes the socket. */
    access: string;
  };
  /** Closes the socket with a close code of the contract (docs/realtime.md). */
  revoke?(code: number, reason: string): void;
}

/** Close codes of the account socket (docs/realtime.md "Close codes"). */
export const CLOSE = {
  invalidMessage: 4400,
  /** A bad or expired token at the hello, or later a revoked session (password changed, signed out). */
  unauthenticated: 4401,
  /** Not in that team (nor staff), at the hello or later. */
  forbidden: 4403,
  /** Still in the team with another role: reconnect, and the hello grants what the role gives now. */
  roleChanged: 4003,
  helloTimeout: 4408,
  tooManyConnections: 4429,
  slowConsumer: 4009,
} as const;

/**
 * What a user may receive on one team's socket, as a comparable string: their role there (id and
 * permissions), or staff's reach into a team they are not in; null for no access.
 */
export function grantOf(
  roles: ReadonlyMap<string, { roleId: string; permissions: readonly string[] }> | undefined,
  accountId: string,
): string | null {
  const own = roles?.get(accountId);
  if (own) return `${own.roleId}:${[...own.permissions].sort().join(',')}`;
  const staff = [...(roles?.values() ?? [])].some((r) => r.permissions.includes(STAFF_PERMISSION));
  return staff ? 'staff' : null;
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

  /**
   * Revocation reaches open sockets (docs/realtime.md "Revocation reaches open sockets"): compares every open
   * socket's grant with the database in two queries, and closes the ones whose session was revoked (password
   * change, "sign out every other session", logout, expiry), whose membership ended or whose role changed.
   * Every instance runs it on its own sockets, so a change made through any instance closes them all.
   */
  async revalidate(db: Executor): Promise<number> {
    const checked = [...this.open].filter((s) => s.grant);
    if (checked.length === 0) return 0;
    const now = await currentSocketGrants(
      db,
      checked.map((s) => ({ userId: s.userId, sessionId: s.grant!.sessionId })),
    );
    let closed = 0;
    for (const socket of checked) {
      const grant = socket.grant!;
      const version = now.tokenVersionBySession.get(grant.sessionId);
      const access = grantOf(now.rolesByUser.get(socket.userId), grant.accountId);
      let code: number | null = null;
      if (version !== grant.tokenVersion) code = CLOSE.unauthenticated;
      else if (access === null) code = CLOSE.forbidden;
      else if (access !== grant.access) code = CLOSE.roleChanged;
      if (code === null || !this.open.has(socket)) continue;
      this.remove(socket);
      socket.revoke?.(code, code === CLOSE.unauthenticated ? 'session revoked' : 'access changed');
      closed++;
    }
    return closed;
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
    let checking = false;
    const revalidation = setInterval(() => {
      if (checking) return;
      checking = true;
      sockets
        .revalidate(app.db)
        .catch((error: unknown) => app.log.warn({ err: error }, 'realtime: could not revalidate sockets'))
        .finally(() => {
          checking = false;
        });
    }, realtime.revalidateMs);
    revalidation.unref();

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
      clearInterval(revalidation);
      await hub.close();
    });
  },
  { name: 'realtime', dependencies: ['db'] },
);

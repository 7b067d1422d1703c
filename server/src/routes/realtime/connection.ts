import { type Static, Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Value } from 'typebox/value';
import { findAccountById } from '../../db/repositories/accounts.ts';
import { ApiError } from '../../lib/errors.ts';
import { CLOSE, grantOf, type KeptAlive } from '../../plugins/realtime.ts';
import type { AuthContext } from '../../services/session.ts';

const Hello = Type.Object(
  {
    type: Type.Literal('hello'),
    token: Type.String({ minLength: 1, maxLength: 4096 }),
    lastId: Type.Optional(Type.Union([Type.String({ maxLength: 32 }), Type.Null()])),
  },
  { additionalProperties: false },
);
const Ping = Type.Object({ type: Type.Literal('ping') }, { additionalProperties: false });

/** What this file uses of a `ws` socket (the `ws` types are not installed). */
export interface AccountSocket {
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code: number, reason: string): void;
  terminate(): void;
  ping(): void;
  on(event: 'close' | 'pong', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void;
}

/** How long a client that does not read its close frame keeps its socket. */
const CLOSE_GRACE_MS = 2000;

function parse(data: Buffer, isBinary: boolean): unknown {
  if (isBinary) return undefined;
  try {
    return JSON.parse(data.toString('utf8'));
  } catch {
    return undefined;
  }
}

async function authorizeHello(
  app: FastifyInstance,
  token: string,
  accountId: string,
): Promise<AuthContext | number> {
  let auth: AuthContext;
  try {
    auth = await app.authenticateToken(token);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 401) return CLOSE.unauthenticated;
    throw error;
  }
  const member = auth.memberships.some((m) => m.accountId === accountId);
  if (member) return auth;
  // Staff may watch any team that exists.
  if (auth.isStaff && (await findAccountById(app.db, accountId))) return auth;
  return CLOSE.forbidden;
}

/**
 * One console's socket on one account: the first message must be a valid hello within the limit;
 * then it receives `conectado`, the missed events (or `replay_incompleto`), and every new event.
 */
export function serveAccountSocket(app: FastifyInstance, socket: AccountSocket, accountId: string): void {
  const limits = app.config.realtime;
  let state: 'hello' | 'authorizing' | 'open' | 'closed' = 'hello';
  let kept: KeptAlive | null = null;
  let unsubscribe: (() => void) | null = null;
  let alive = true;

  const close = (code: number, reason = '') => {
    if (state === 'closed') return;
    state = 'closed';
    clearTimeout(helloTimer);
    socket.close(code, reason);
    // A client that does not read never takes the close frame: its socket goes anyway.
    setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
  };

  const send = (text: string) => {
    if (state === 'closed') return;
    // A client that does not read is dropped; the others never wait for it.
    if (socket.bufferedAmount > limits.maxBufferedBytes) return close(CLOSE.slowConsumer, 'slow consumer');
    socket.send(text);
  };

  const helloTimer = setTimeout(() => close(CLOSE.helloTimeout, 'hello timeout'), limits.helloTimeoutMs);
  helloTimer.unref();

  // `ws` answers a message above maxPayload with 1009 itself; the contract says 4400, and the earlier
  // close wins (ws ignores a second close). Its receiver is the only place that error is seen first.
  const receiver = (socket as unknown as { _receiver?: NodeJS.EventEmitter })._receiver;
  receiver?.prependListener('error', () => close(CLOSE.invalidMessage, 'invalid message'));

  socket.on('close', () => {
    state = 'closed';
    clearTimeout(helloTimer);
    unsubscribe?.();
    if (kept) app.realtimeSockets.remove(kept);
  });
  socket.on('pong', () => {
    alive = true;
  });

  socket.on('message', (data: Buffer, isBinary: boolean) => {
    if (state === 'closed') return;
    const message = data.length <= limits.maxMessageBytes ? parse(data, isBinary) : undefined;
    if (state === 'hello' && Value.Check(Hello, message)) {
      state = 'authorizing';
      clearTimeout(helloTimer);
      start(message).catch((error: unknown) => {
        app.log.error({ err: error }, 'realtime: hello failed');
        close(1011, 'server error');
      });
      return;
    }
    // Pings are welcome once the hello has been taken.
    if (state !== 'hello' && Value.Check(Ping, message)) return;
    close(CLOSE.invalidMessage, 'invalid message');
  });

  async function start(hello: Static<typeof Hello>): Promise<void> {
    const auth = await authorizeHello(app, hello.token, accountId);
    if (state !== 'authorizing') return;
    if (typeof auth === 'number')
      return close(auth, auth === CLOSE.forbidden ? 'forbidden' : 'unauthenticated');
    const roles = new Map(auth.memberships.map((m) => [m.accountId, m]));
    kept = {
      userId: auth.user.id,
      grant: {
        sessionId: auth.session.id,
        tokenVersion: auth.user.token_version,
        accountId,
        access: grantOf(roles, accountId) ?? '',
      },
      revoke: (code, reason) => close(code, reason),
      keepAlive(timestamp) {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
        send(`${JSON.stringify({ evento: 'ping', timestamp })}\n`);
      },
    };
    if (!app.realtimeSockets.add(kept, limits.maxConnectionsPerUser)) {
      kept = null;
      return close(CLOSE.tooManyConnections, 'too many connections');
    }
    // Events raised while the replay is put together wait, so nothing is sent twice or out of order.
    let pending: { id: number; line: string }[] | null = [];
    const subscription = await app.events.subscribe(accountId, (event, line) => {
      if (pending) pending.push({ id: Number(event.id), line });
      else send(line);
    });
    unsubscribe = subscription.unsubscribe;
    if (state !== 'authorizing') return unsubscribe();
    state = 'open';
    const timestamp = new Date().toISOString();
    let lines = `${JSON.stringify({ id: subscription.lastId, evento: 'conectado', timestamp })}\n`;
    let sentUpTo = Number(subscription.lastId);
    if (hello.lastId) {
      const replay = app.events.replay(accountId, hello.lastId);
      if (replay.complete) {
        lines += replay.lines.join('');
        sentUpTo = Math.max(sentUpTo, replay.last);
      } else {
        lines += `${JSON.stringify({ id: subscription.lastId, evento: 'replay_incompleto', timestamp })}\n`;
      }
    }
    for (const event of pending.filter((e) => e.id > sentUpTo)) lines += event.line;
    pending = null;
    send(lines);
  }
}

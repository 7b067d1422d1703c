import type { FastifyInstance } from 'fastify';
import { CHANNEL_CLOSE, type ChannelSocket, type Viewer, type ViewerChannels } from './channels.ts';

/** The largest message a viewer may send: a ping is 15 bytes. */
export const MAX_VIEWER_MESSAGE_BYTES = 64;
/** How long a client that does not read its close frame keeps its socket. */
const CLOSE_GRACE_MS = 2000;

function isPing(data: Buffer, isBinary: boolean): boolean {
  if (isBinary || data.length > MAX_VIEWER_MESSAGE_BYTES) return false;
  try {
    const message = JSON.parse(data.toString('utf8')) as unknown;
    return (
      typeof message === 'object' &&
      message !== null &&
      Object.keys(message).length === 1 &&
      (message as { type?: unknown }).type === 'ping'
    );
  } catch {
    return false;
  }
}

export interface ChannelTarget {
  liveId: string;
  accountId: string;
  status: string;
  viewers: number;
  address: string;
}

/**
 * One viewer's channel: the current status (and count) at once, then every event of that live.
 * The viewer may only send pings; anything else closes 4400.
 */
export function serveViewerChannel(
  app: FastifyInstance,
  channels: ViewerChannels,
  socket: ChannelSocket,
  target: ChannelTarget,
): void {
  const { maxBufferedBytes } = app.config.realtime;
  let closed = false;
  let joined = false;
  let alive = true;

  const close = (code: number, reason: string) => {
    if (closed) return;
    closed = true;
    socket.close(code, reason);
    setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
  };
  const viewer: Viewer = {
    send(line) {
      if (closed) return;
      // A viewer that does not read is dropped; the others never wait for it.
      if (socket.bufferedAmount > maxBufferedBytes) return close(CHANNEL_CLOSE.slowConsumer, 'slow consumer');
      socket.send(line);
    },
    keepAlive() {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    },
  };

  // `ws` answers a message above maxPayload with 1009 itself; the earlier close (4400) wins.
  const receiver = (socket as unknown as { _receiver?: NodeJS.EventEmitter })._receiver;
  receiver?.prependListener('error', () => close(CHANNEL_CLOSE.invalidMessage, 'invalid message'));

  const admitted = channels.admit(target.address, target.liveId);
  socket.on('close', () => {
    closed = true;
    if (admitted === 'ok') channels.leave(target.address, target.liveId, viewer, joined);
  });
  if (admitted !== 'ok') {
    close(CHANNEL_CLOSE.tooManyConnections, 'too many connections');
    return;
  }

  socket.on('pong', () => {
    alive = true;
  });
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    if (!isPing(data, isBinary)) close(CHANNEL_CLOSE.invalidMessage, 'invalid message');
  });

  joined = true;
  channels
    .join(target.accountId, target.liveId, viewer)
    .then(() => {
      viewer.send(
        `${JSON.stringify({ type: 'status', status: target.status })}\n${JSON.stringify({ type: 'viewers', count: target.viewers })}\n`,
      );
    })
    .catch((error: unknown) => {
      app.log.error({ err: error }, 'viewer channel: join failed');
      close(1011, 'server error');
    });
}

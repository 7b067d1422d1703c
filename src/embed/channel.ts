import type { Overlay, PlaybackInfo } from '@contract/playback';
import { backoffDelay } from '@/lib/backoff';

/** The live's viewer channel (docs/playback.md "Viewer channel"): status changes, the viewer-ID
 * signal, overlays and the viewer count, one JSON object per line. Reconnects with backoff. */
export interface ChannelHandlers {
  onStatus(status: PlaybackInfo['status']): void;
  onViewerId(untilIso: string): void;
  onOverlays(overlays: Overlay[]): void;
  onViewers?(count: number): void;
}

/** What the channel uses of a WebSocket (the browser's; tests pass the `ws` package's). */
export interface ChannelSocket {
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  close(): void;
}
export type SocketFactory = (url: string) => ChannelSocket;

const STATUSES = new Set(['scheduled', 'live', 'paused', 'finished', 'ready']);

/** Hands each well-formed line of a frame to its handler; anything else is skipped. */
export function dispatchFrame(data: unknown, h: ChannelHandlers): void {
  if (typeof data !== 'string') return;
  for (const line of data.split('\n')) {
    if (!line.trim()) continue;
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(line) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (message.type === 'status' && typeof message.status === 'string' && STATUSES.has(message.status))
      h.onStatus(message.status as PlaybackInfo['status']);
    else if (message.type === 'viewer_id' && typeof message.until === 'string') h.onViewerId(message.until);
    else if (message.type === 'overlays' && Array.isArray(message.overlays))
      h.onOverlays(message.overlays as Overlay[]);
    else if (message.type === 'viewers' && typeof message.count === 'number') h.onViewers?.(message.count);
  }
}

/** A root-relative channel URL as a ws(s):// one on this page's host. */
export function socketUrl(url: string, base: string): string {
  const absolute = new URL(url, base);
  absolute.protocol =
    absolute.protocol === 'https:' ? 'wss:' : absolute.protocol === 'http:' ? 'ws:' : absolute.protocol;
  return absolute.toString();
}

const browserSocket: SocketFactory = (url) => new WebSocket(url) as unknown as ChannelSocket;

/** Opens the channel and keeps it open until the returned function is called. */
export function openChannel(
  url: string,
  h: ChannelHandlers,
  open: SocketFactory = browserSocket,
  base = typeof location === 'undefined' ? 'http://localhost/' : location.href,
): () => void {
  let stopped = false;
  let attempt = 0;
  let socket: ChannelSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const connect = () => {
    socket = open(socketUrl(url, base));
    socket.onmessage = (event) => {
      attempt = 0;
      dispatchFrame(event.data, h);
    };
    socket.onclose = () => {
      socket = null;
      if (stopped) return;
      retry = setTimeout(connect, backoffDelay(attempt++, { baseMs: 1_000, maxMs: 30_000, jitter: true }));
    };
  };
  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    socket?.close();
  };
}

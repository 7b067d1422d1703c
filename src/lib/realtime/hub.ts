import type { RealtimeEvent } from './events';
import type { AccountSocket, SocketStatus } from './socket';

/** What the tabs of one browser say to each other about the account websocket. */
type HubMessage =
  | { type: 'event'; accountId: string; event: RealtimeEvent }
  | { type: 'status'; accountId: string; connected: boolean }
  | { type: 'ask-status'; accountId: string };

export const REALTIME_CHANNEL = 'palco-realtime';
/** The leader repeats its status this often; a follower that heard nothing (no status, no event) for
 * STALE_MS falls back to polling (a leader that froze or died without releasing its lock). Longer than
 * a minute: Chromium runs a long-hidden tab's timers only once a minute. */
const HEARTBEAT_MS = 10_000;
const STALE_MS = 75_000;

export interface HubState {
  /** The socket (this tab's or the leader's) is open: events arrive, polling may stop. */
  connected: boolean;
  /** This tab holds the socket. */
  leader: boolean;
}

type Listener = (event: RealtimeEvent) => void;
const listeners = new Set<Listener>();
const stateListeners = new Set<() => void>();
let state: HubState = { connected: false, leader: false };

function setState(next: Partial<HubState>) {
  const merged = { ...state, ...next };
  if (merged.connected === state.connected && merged.leader === state.leader) return;
  state = merged;
  for (const l of stateListeners) l();
}

function deliver(event: RealtimeEvent) {
  for (const l of listeners) l(event);
}

export interface StartOptions {
  accountId: string;
  token: () => string | null;
  /** The socket was refused for good (4401/4403): the app re-checks the session. */
  onRefused?: (code: number | undefined) => void;
  /** For tests: where the socket connects. */
  url?: string;
}

/** One socket per browser (docs/realtime.md): the tabs of this account race for the Web Lock
 * `palco-ws:{accountId}`; the holder opens the websocket and posts every event on the
 * BroadcastChannel, the others listen there. Closing the leader's tab releases the lock at once and
 * the next tab in line takes over. Returns the stop function. */
export function startRealtime(options: StartOptions): () => void {
  const { accountId } = options;
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(REALTIME_CHANNEL);
  const abort = new AbortController();
  let socket: AccountSocket | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let stale: ReturnType<typeof setTimeout> | undefined;
  let socketOpen = false;

  const post = (message: HubMessage) => {
    try {
      channel?.postMessage(message);
    } catch {
      // The page is unloading.
    }
  };
  const followerHeard = (connected: boolean) => {
    setState({ connected });
    clearTimeout(stale);
    if (connected) stale = setTimeout(() => setState({ connected: false }), STALE_MS);
  };

  if (channel) {
    channel.onmessage = ({ data }: MessageEvent<HubMessage>) => {
      if (!data || typeof data !== 'object' || data.accountId !== accountId) return;
      if (data.type === 'event' && !socket) {
        followerHeard(true);
        deliver(data.event);
      } else if (data.type === 'status' && !socket) followerHeard(data.connected);
      else if (data.type === 'ask-status' && socket)
        post({ type: 'status', accountId, connected: socketOpen });
    };
    post({ type: 'ask-status', accountId });
  }

  const lead = () =>
    new Promise<void>((release) => {
      abort.signal.addEventListener('abort', () => release(), { once: true });
      clearTimeout(stale);
      setState({ leader: true, connected: false });
      // The socket's code (frames, reconnects) is not needed to paint a page: it comes in a chunk of its
      // own once this tab leads, after the first render. Not loadable: the next tab may lead instead.
      import('./socket')
        .then(({ AccountSocket }) => {
          if (abort.signal.aborted) return;
          socket = new AccountSocket({
            url: options.url ?? accountSocketUrl(accountId),
            token: options.token,
            onEvent: (event) => {
              deliver(event);
              post({ type: 'event', accountId, event });
            },
            onStatus: (status: SocketStatus, code?: number) => {
              socketOpen = status === 'open';
              setState({ connected: socketOpen });
              post({ type: 'status', accountId, connected: socketOpen });
              if (status === 'refused') options.onRefused?.(code);
            },
          });
          socket.start();
          heartbeat = setInterval(
            () => post({ type: 'status', accountId, connected: socketOpen }),
            HEARTBEAT_MS,
          );
        })
        .catch(() => {
          setState({ leader: false });
          release();
        });
    });

  if (typeof navigator !== 'undefined' && navigator.locks) {
    navigator.locks.request(`palco-ws:${accountId}`, { signal: abort.signal }, lead).catch(() => undefined);
  } else {
    // No Web Locks (very old browsers): every tab holds its own socket.
    void lead();
  }

  return () => {
    abort.abort();
    clearInterval(heartbeat);
    clearTimeout(stale);
    if (socket) {
      socket.stop();
      post({ type: 'status', accountId, connected: false });
    }
    socket = undefined;
    channel?.close();
    setState({ connected: false, leader: false });
  };
}

/** `ws(s)://{the API origin}/ws/{contaId}`: the API is served from the console's origin. */
export function accountSocketUrl(accountId: string): string {
  const url = new URL(`/ws/${encodeURIComponent(accountId)}`, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export const realtime = {
  /** Every event of the account, in every tab. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  state: () => state,
  subscribeState(listener: () => void): () => void {
    stateListeners.add(listener);
    return () => {
      stateListeners.delete(listener);
    };
  },
};

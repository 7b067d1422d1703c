import { backoffDelay } from '../backoff';
import { parseFrame, type RealtimeEvent, SeenIds } from './events';

/** Close codes after which reconnecting cannot help (docs/realtime.md): the session is bad or the
 * user is not in the team. The console re-checks the session through the normal API instead. */
export const FINAL_CLOSE_CODES: ReadonlySet<number> = new Set([4401, 4403]);
/** No frame for this long (the server pings every 25 s): the connection is dead, reconnect. */
const SILENCE_MS = 60_000;
const RECONNECT = { baseMs: 1_000, maxMs: 30_000, jitter: true };

export type SocketStatus = 'connecting' | 'open' | 'closed' | 'refused';

export interface AccountSocketOptions {
  url: string;
  token: () => string | null;
  onEvent: (event: RealtimeEvent) => void;
  onStatus: (status: SocketStatus, closeCode?: number) => void;
  /** For tests. */
  WebSocketImpl?: typeof WebSocket;
}

/** The account websocket of the contract (docs/realtime.md): 'palco.v1' subprotocol, a hello with
 * the session token and the last id seen as first message, events deduplicated by id, reconnects
 * with backoff (1 s doubling to 30 s, jitter) except after 4401/4403 (after 4401 it says hello again
 * at once if the session's token changed meanwhile: a password change made in this tab). 4003 (the
 * role changed) reconnects like any other close. */
export class AccountSocket {
  private ws: WebSocket | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private silence: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private stopped = false;
  readonly seen = new SeenIds();

  constructor(private readonly options: AccountSocketOptions) {}

  start() {
    this.stopped = false;
    this.open();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.silence);
    const ws = this.ws;
    this.ws = undefined;
    if (ws && ws.readyState <= 1) ws.close(1000);
    this.options.onStatus('closed');
  }

  private open() {
    const token = this.options.token();
    if (this.stopped) return;
    if (!token) {
      this.options.onStatus('refused', 4401);
      return;
    }
    const Impl = this.options.WebSocketImpl ?? WebSocket;
    let ws: WebSocket;
    try {
      ws = new Impl(this.options.url, ['palco.v1']);
    } catch {
      this.retry();
      return;
    }
    this.ws = ws;
    this.options.onStatus('connecting');
    ws.onopen = () => {
      const hello: Record<string, string> = { type: 'hello', token };
      if (this.seen.last !== undefined) hello.lastId = this.seen.last;
      ws.send(JSON.stringify(hello));
      this.watch();
    };
    ws.onmessage = (message) => {
      this.watch();
      for (const event of parseFrame(message.data)) {
        if (event.evento === 'conectado') {
          this.failures = 0;
          // A first connection starts from the server's newest id: a reconnect asks for what follows.
          if (this.seen.last === undefined && event.id !== undefined) this.seen.last = event.id;
          this.options.onStatus('open');
          this.options.onEvent(event);
        } else if (event.evento === 'replay_incompleto') {
          // What was missed is gone: the pages read again, and the next reconnect starts from here.
          if (event.id !== undefined) this.seen.last = event.id;
          this.options.onEvent(event);
        } else if (this.seen.accept(event.id)) this.options.onEvent(event);
      }
    };
    ws.onclose = (close) => {
      if (this.ws !== ws) return;
      this.ws = undefined;
      clearTimeout(this.silence);
      // Revoked after a password change or "sign out every other session" made here: this tab holds
      // the new token already, so it says hello again with it at once.
      const now = this.options.token();
      if (close.code === 4401 && now && now !== token) {
        this.options.onStatus('closed', close.code);
        this.open();
        return;
      }
      if (FINAL_CLOSE_CODES.has(close.code)) {
        this.options.onStatus('refused', close.code);
        return;
      }
      this.options.onStatus('closed', close.code);
      this.retry();
    };
  }

  private retry() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.open(), backoffDelay(this.failures++, RECONNECT));
  }

  private watch() {
    clearTimeout(this.silence);
    this.silence = setTimeout(() => this.ws?.close(4000), SILENCE_MS);
  }
}

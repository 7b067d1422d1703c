import pg from 'pg';

export interface ListenerEvents {
  /** A notification's payload, and the channel (one of those listened on) it came on. */
  notification(payload: string, channel: string): void;
  /** Something went wrong with the connection; it is retried. */
  warn(error: unknown, message: string): void;
  /** LISTEN holds: from now on every notification committed is delivered. */
  up?(): void;
  /** The connection is lost (or could not be made): what is notified until the next `up` is missed. */
  down?(): void;
}

const RECONNECT_MS = 1000;

/**
 * LISTEN on one or more PostgreSQL channels over a dedicated connection (a pooled one would lose the
 * LISTEN when released), reconnected after a second when it drops. A dropped connection misses what is
 * notified meanwhile. Several channels on one connection share its state (up or down) and its `sync`,
 * so the caches fed by them need one connection and one barrier (docs/server.md "The live-stream list").
 */
export class PgListener {
  private client: pg.Client | null = null;
  private closing = false;
  private retry: NodeJS.Timeout | null = null;
  private readonly channels: readonly string[];
  /** For log lines. */
  private readonly channel: string;

  constructor(
    private readonly connectionString: string,
    channels: string | readonly string[],
    private readonly on: ListenerEvents,
    /** Shown in pg_stat_activity (an operator, or a test, can tell the listening connections apart). */
    private readonly applicationName?: string,
  ) {
    this.channels = typeof channels === 'string' ? [channels] : channels;
    this.channel = this.channels.join(', ');
  }

  /** Like `listen`, but a first failure is retried (after a second, as a lost connection) instead of
   * thrown: for a listener the server can run without meanwhile. */
  start(): void {
    this.listen().catch((error: unknown) => {
      this.on.warn(error, `could not LISTEN on ${this.channel}`);
      this.reconnect();
    });
  }

  async listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      ...(this.applicationName ? { application_name: this.applicationName } : {}),
      // A peer gone without a word (a cut network) is noticed by the operating system, not never.
      keepAlive: true,
    });
    client.on('notification', (message) => {
      if (!this.channels.includes(message.channel) || !message.payload) return;
      this.on.notification(message.payload, message.channel);
    });
    client.on('error', (error) => {
      this.on.down?.();
      this.on.warn(error, `LISTEN connection on ${this.channel} failed`);
    });
    client.on('end', () => this.reconnect());
    try {
      await client.connect();
      for (const channel of this.channels) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      throw error;
    }
    this.client = client;
    if (this.closing) await client.end().catch(() => {});
    else this.on.up?.();
  }

  private reconnect(): void {
    this.client = null;
    this.on.down?.();
    if (this.closing || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.listen().catch((error: unknown) => {
        this.on.warn(error, `could not LISTEN on ${this.channel} again`);
        this.reconnect();
      });
    }, RECONNECT_MS);
    this.retry.unref();
  }

  /** Answers once every notification PostgreSQL committed before this call has been handed to
   * `notification` (a query on the listening connection is answered after what that connection is owed).
   * Fails while the connection is down. */
  async sync(): Promise<void> {
    if (!this.client) throw new Error(`not listening on ${this.channel}`);
    await this.client.query('SELECT 1');
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.retry) clearTimeout(this.retry);
    await this.client?.end().catch(() => {});
  }
}

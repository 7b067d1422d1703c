import pg from 'pg';

export interface ListenerEvents {
  /** A notification's payload on the channel. */
  notification(payload: string): void;
  /** Something went wrong with the connection; it is retried. */
  warn(error: unknown, message: string): void;
  /** LISTEN holds: from now on every notification committed is delivered. */
  up?(): void;
  /** The connection is lost (or could not be made): what is notified until the next `up` is missed. */
  down?(): void;
}

const RECONNECT_MS = 1000;

/**
 * LISTEN on a PostgreSQL channel over a dedicated connection (a pooled one would lose the LISTEN when
 * released), reconnected after a second when it drops. A dropped connection misses what is notified
 * meanwhile.
 */
export class PgListener {
  private client: pg.Client | null = null;
  private closing = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
    private readonly on: ListenerEvents,
    /** Shown in pg_stat_activity (an operator, or a test, can tell the listening connections apart). */
    private readonly applicationName?: string,
  ) {}

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
      if (message.channel !== this.channel || !message.payload) return;
      this.on.notification(message.payload);
    });
    client.on('error', (error) => {
      this.on.down?.();
      this.on.warn(error, `LISTEN connection on ${this.channel} failed`);
    });
    client.on('end', () => this.reconnect());
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
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

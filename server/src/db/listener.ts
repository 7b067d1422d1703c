import pg from 'pg';

export interface ListenerEvents {
  /** A notification's payload on the channel. */
  notification(payload: string): void;
  /** Something went wrong with the connection; it is retried. */
  warn(error: unknown, message: string): void;
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
  ) {}

  async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => {
      if (message.channel !== this.channel || !message.payload) return;
      this.on.notification(message.payload);
    });
    client.on('error', (error) => this.on.warn(error, 'realtime: LISTEN connection failed'));
    client.on('end', () => this.reconnect());
    await client.connect();
    await client.query(`LISTEN ${this.channel}`);
    this.client = client;
  }

  private reconnect(): void {
    this.client = null;
    if (this.closing || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.listen().catch((error: unknown) => {
        this.on.warn(error, 'realtime: could not LISTEN again');
        this.reconnect();
      });
    }, RECONNECT_MS);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.retry) clearTimeout(this.retry);
    await this.client?.end().catch(() => {});
  }
}

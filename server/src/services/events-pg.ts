import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/schema.ts';
import type { AccountEvent, EventHub, EventName, EventTransport } from './events.ts';

/** The NOTIFY channel every instance listens on. */
const CHANNEL = 'palco_events';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_NOTIFY_BYTES = 7999;
const RECONNECT_MS = 1000;

interface Notice {
  a: string;
  e: AccountEvent;
}

/**
 * The bus across instances on PostgreSQL: the id comes from a per-account counter row, bumped in the
 * same transaction that NOTIFYs. The row lock is held until commit and PostgreSQL delivers
 * notifications in commit order, so every instance sees one account's events in id order. Each
 * instance LISTENs on a dedicated connection (a pooled one would lose the LISTEN when released) and
 * delivers what arrives, its own events included: one path, one order everywhere.
 */
export class PgTransport implements EventTransport {
  private client: pg.Client | null = null;
  private closing = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly connectionString: string,
    private readonly hub: EventHub,
    private readonly log: FastifyBaseLogger,
  ) {}

  async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        const notice = JSON.parse(message.payload) as Notice;
        this.hub.deliver(notice.a, notice.e);
      } catch (error) {
        this.log.warn({ err: error }, 'realtime: unreadable notification');
      }
    });
    // A dropped connection misses what is raised meanwhile: consoles see it as an incomplete replay.
    client.on('error', (error) => this.log.warn({ err: error }, 'realtime: LISTEN connection failed'));
    client.on('end', () => this.reconnect());
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.client = client;
  }

  private reconnect(): void {
    this.client = null;
    if (this.closing || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.listen().catch((error: unknown) => {
        this.log.warn({ err: error }, 'realtime: could not LISTEN again');
        this.reconnect();
      });
    }, RECONNECT_MS);
    this.retry.unref();
  }

  async publish(accountId: string, evento: EventName, payload: object, timestamp: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ last_id: string }>`
        insert into realtime_counters (account_id, last_id) values (${accountId}, 1)
        on conflict (account_id) do update set last_id = realtime_counters.last_id + 1
        returning last_id`.execute(trx);
      const id = rows[0]?.last_id ?? '0';
      const text = JSON.stringify({
        a: accountId,
        e: { id, evento, timestamp, ...payload },
      } satisfies Notice);
      if (Buffer.byteLength(text) > MAX_NOTIFY_BYTES) throw new Error(`event ${evento} too large to NOTIFY`);
      await sql`select pg_notify(${CHANNEL}, ${text})`.execute(trx);
    });
  }

  async currentId(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('realtime_counters')
      .select('last_id')
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(row?.last_id ?? 0);
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.retry) clearTimeout(this.retry);
    await this.client?.end().catch(() => {});
  }
}

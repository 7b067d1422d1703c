import type { FastifyBaseLogger } from 'fastify';
import { PgListener } from '../db/listener.ts';
import { currentEventId, nextEventId, notify } from '../db/repositories/realtime.ts';
import type { Db } from '../db/schema.ts';
import type { AccountEvent, EventHub, EventName, EventTransport } from './events.ts';

/** The NOTIFY channel every instance listens on. */
const CHANNEL = 'palco_events';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_NOTIFY_BYTES = 7999;

interface Notice {
  a: string;
  e: AccountEvent;
}

/**
 * The bus across instances on PostgreSQL: the id comes from a per-account counter row, bumped in the
 * same transaction that NOTIFYs. The row lock is held until commit and PostgreSQL delivers
 * notifications in commit order, so every instance sees one account's events in id order. Each
 * instance LISTENs on a dedicated connection (db/listener.ts) and delivers what arrives, its own
 * events included: one path, one order everywhere.
 */
export class PgTransport implements EventTransport {
  private readonly listener: PgListener;

  constructor(
    private readonly db: Db,
    connectionString: string,
    hub: EventHub,
    log: FastifyBaseLogger,
  ) {
    this.listener = new PgListener(connectionString, CHANNEL, {
      notification(payload) {
        try {
          const notice = JSON.parse(payload) as Notice;
          hub.deliver(notice.a, notice.e);
        } catch (error) {
          log.warn({ err: error }, 'realtime: unreadable notification');
        }
      },
      // A dropped connection misses what is raised meanwhile: consoles see it as an incomplete replay.
      warn: (error, message) => log.warn({ err: error }, message),
    });
  }

  listen(): Promise<void> {
    return this.listener.listen();
  }

  async publish(accountId: string, evento: EventName, payload: object, timestamp: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const id = await nextEventId(trx, accountId);
      const text = JSON.stringify({
        a: accountId,
        e: { id, evento, timestamp, ...payload },
      } satisfies Notice);
      if (Buffer.byteLength(text) > MAX_NOTIFY_BYTES) throw new Error(`event ${evento} too large to NOTIFY`);
      await notify(trx, CHANNEL, text);
    });
  }

  currentId(accountId: string): Promise<number> {
    return currentEventId(this.db, accountId);
  }

  close(): Promise<void> {
    return this.listener.close();
  }
}

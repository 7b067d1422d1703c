/** The last event id given in each account (PostgreSQL only: server/src/services/events-pg.ts). */
export interface RealtimeCountersTable {
  account_id: string;
  /** bigint: pg answers it as a string. */
  last_id: string;
}

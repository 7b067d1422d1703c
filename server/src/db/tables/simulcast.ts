import type { Generated, Selectable } from 'kysely';
import type { SimulcastFailure } from '../../../../contract/integrations.ts';

export type SimulcastProvider = 'youtube' | 'facebook';
export type SimulcastSessionState = 'starting' | 'live' | 'ended' | 'failed';

/** A live pushed to one connected channel or Page (docs/integrations.md "Simulcast"). */
export interface SimulcastSessionsTable {
  id: Generated<string>;
  account_id: string;
  stream_id: string;
  /** Null once the connection was undone. */
  connection_id: string | null;
  provider: SimulcastProvider;
  state: Generated<SimulcastSessionState>;
  /** YouTube broadcast id / Facebook live video id, once created. */
  external_id: string | null;
  /** YouTube's liveStream id. */
  external_stream_id: string | null;
  /** The ingestion URL, sealed: it holds the stream key. */
  ingest_url_enc: string | null;
  watch_url: string | null;
  /** Why the last attempt failed, in English (provider errors are not translated); never a secret. */
  error: string | null;
  /** The kind of the last failure, for the panel (null unless failed). */
  error_reason: SimulcastFailure | null;
  attempts: Generated<number>;
  /** A failed setup is tried again from then on. */
  next_attempt_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  ended_at: Date | null;
}

export type SimulcastSessionRow = Selectable<SimulcastSessionsTable>;

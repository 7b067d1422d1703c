import type { FastifyBaseLogger } from 'fastify';
import type { SimulcastFailure } from '../../../contract/integrations.ts';
import { recordActivity } from '../db/repositories/activity-log.ts';
import {
  claimEnd,
  connectionById,
  openSessionIds,
  sessionFor,
  sessionState,
  sessionsToEnd,
  simulcastConnections,
  streamName,
  updateSession,
} from '../db/repositories/simulcast.ts';
import type { Db } from '../db/schema.ts';
import type { IntegrationConnectionRow } from '../db/tables/integrations.ts';
import type { SimulcastSessionRow } from '../db/tables/simulcast.ts';
import { toRecord } from '../lib/activity.ts';
import { hostPort } from '../lib/host-name.ts';
import { resolveTarget } from '../lib/webhook-target.ts';
import type { Ingest } from '../media/ingest.ts';
import { createFacebookLive, endFacebookLive, type FacebookApi } from './facebook.ts';
import { ProviderError } from './http.ts';
import { Deauthorized } from './service.ts';
import { type PushReport, SimulcastPush } from './simulcast-push.ts';
import {
  createYoutubeLive,
  transitionYoutubeBroadcast,
  type YoutubeApi,
  youtubeStreamActive,
} from './youtube.ts';

/*
 * Simulcast (docs/integrations.md "Simulcast"): while a team's YouTube or Facebook connection is
 * switched on, every live of the team that goes on air is also sent there. Each instance looks, every
 * `tickMs`, at the programs published to it (Ingest.programs): for each live and connection it makes
 * the provider's broadcast or live video once (a row of simulcast_sessions), pushes the program to its
 * ingestion URL (simulcast-push.ts) and, for YouTube, moves the broadcast to live once YouTube sees
 * data. Any instance ends the sessions whose live is over or whose connection was switched off or
 * undone (the guarded update lets one of them do it), and the instance holding the push stops it. A
 * failure is a visible state (the live's panel, the activity log) and is tried again with a doubling
 * delay.
 */

export interface SimulcastDeps {
  db: Db;
  log: FastifyBaseLogger;
  ffmpegPath: string;
  ingest: Pick<Ingest, 'programs' | 'tapProgram'>;
  youtube: YoutubeApi & { privacyStatus: 'public' | 'unlisted' | 'private' };
  facebook: Pick<FacebookApi, 'graphUrl' | 'timeoutMs'> | null;
  /** A usable access token of a connection (YouTube's refreshed when expired; Facebook's Page token). */
  accessToken: (connection: IntegrationConnectionRow) => Promise<string>;
  seal: (accountId: string, secret: string) => string;
  unseal: (accountId: string, sealed: string) => string;
  /** `host:port` an ingestion URL may point to though local (development, tests). */
  devHosts: readonly string[];
  tickMs: number;
  firstRetryMs: number;
  maxRetryMs: number;
}

interface LocalPush {
  push: SimulcastPush;
  sessionId: string;
  accountId: string;
  streamId: string;
  flowing: boolean;
}

/** Whether a provider's ingestion URL may be pushed to: RTMP(S), a public address (or a dev host). */
export async function ingestUrlAllowed(raw: string, devHosts: readonly string[]): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'rtmp:' && url.protocol !== 'rtmps:') return false;
  if (url.username || url.password || !url.hostname) return false;
  // The host normalised as before every address guard (lib/host-name.ts): `localhost.` is local.
  const key = hostPort(url, url.protocol === 'rtmps:' ? '443' : '1935');
  if (!key) return false;
  const dev = devHosts.some((entry) => entry.toLowerCase() === key);
  try {
    return (await resolveTarget(url.hostname, dev)) !== null;
  } catch {
    return false;
  }
}

export class Simulcast {
  private readonly pushes = new Map<string, LocalPush>();
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  private closed = false;

  constructor(private readonly deps: SimulcastDeps) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.deps.tickMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.all([...this.pushes.values()].map((p) => p.push.stop()));
  }

  /** One look at every program here and every open session; safe to call at any time. */
  async tick(): Promise<void> {
    if (this.busy || this.closed) return;
    this.busy = true;
    try {
      for (const session of await sessionsToEnd(this.deps.db)) await this.finish(session);
      await this.dropEndedHere();
      for (const { accountId, streamId } of this.deps.ingest.programs()) {
        for (const connection of await simulcastConnections(this.deps.db, accountId)) {
          await this.ensure(accountId, streamId, connection).catch((error: unknown) =>
            this.deps.log.error({ err: error, streamId }, 'simulcast: could not look after a session'),
          );
        }
      }
    } catch (error) {
      this.deps.log.error({ err: error }, 'simulcast: check failed');
    } finally {
      this.busy = false;
    }
  }

  /** Pushes held here whose session another instance ended. */
  private async dropEndedHere(): Promise<void> {
    if (this.pushes.size === 0) return;
    const ids = [...this.pushes.keys()];
    const open = await openSessionIds(this.deps.db, ids);
    for (const id of ids) {
      if (!open.has(id)) await this.pushes.get(id)?.push.stop();
    }
  }

  private retryAt(attempts: number): Date {
    const delay = Math.min(this.deps.firstRetryMs * 2 ** attempts, this.deps.maxRetryMs);
    return new Date(Date.now() + delay);
  }

  private async ensure(
    accountId: string,
    streamId: string,
    connection: IntegrationConnectionRow,
  ): Promise<void> {
    const provider = connection.provider === 'youtube' ? 'youtube' : 'facebook';
    let session = await sessionFor(this.deps.db, {
      accountId,
      streamId,
      connectionId: connection.id,
      provider,
    });
    if (session.state === 'ended') {
      // Switched on again while the live is on air: a new broadcast / live video.
      await updateSession(this.deps.db, session.id, {
        state: 'starting',
        external_id: null,
        external_stream_id: null,
        ingest_url_enc: null,
        watch_url: null,
        error: null,
        error_reason: null,
        attempts: 0,
        next_attempt_at: null,
        ended_at: null,
      });
      session = { ...session, state: 'starting', ingest_url_enc: null, external_id: null, attempts: 0 };
    }
    const local = this.pushes.get(session.id);
    if (!local) {
      if (session.next_attempt_at && session.next_attempt_at.getTime() > Date.now()) return;
      const url = await this.setUp(session, connection);
      if (url) this.startPush(session, url);
      return;
    }
    if (provider === 'youtube' && local.flowing && session.state !== 'live' && session.external_id) {
      await this.goLiveOnYoutube(session, connection);
    }
  }

  /** The provider's broadcast / live video of a session (made once): its ingestion URL, or null. */
  private async setUp(
    session: SimulcastSessionRow,
    connection: IntegrationConnectionRow,
  ): Promise<string | null> {
    const { db, seal, unseal } = this.deps;
    if (session.ingest_url_enc) return unseal(session.account_id, session.ingest_url_enc);
    try {
      const title = (await streamName(db, session.stream_id)) ?? 'Palco';
      const token = await this.deps.accessToken(connection);
      let made: {
        externalId: string;
        externalStreamId: string | null;
        ingestUrl: string;
        watchUrl: string | null;
      };
      if (session.provider === 'youtube') {
        const live = await createYoutubeLive(
          this.deps.youtube,
          token,
          title,
          this.deps.youtube.privacyStatus,
        );
        made = {
          externalId: live.broadcastId,
          externalStreamId: live.streamId,
          ingestUrl: live.ingestUrl,
          watchUrl: live.watchUrl,
        };
      } else {
        if (!this.deps.facebook) throw new Error('Facebook is not configured');
        const pageId = connection.external_account_id;
        const live = await createFacebookLive(
          this.deps.facebook as FacebookApi,
          { id: pageId, token },
          title,
        );
        made = {
          externalId: live.liveVideoId,
          externalStreamId: null,
          ingestUrl: live.ingestUrl,
          watchUrl: null,
        };
      }
      if (!(await ingestUrlAllowed(made.ingestUrl, this.deps.devHosts))) {
        throw new AddressRefused();
      }
      await updateSession(db, session.id, {
        external_id: made.externalId,
        external_stream_id: made.externalStreamId,
        ingest_url_enc: seal(session.account_id, made.ingestUrl),
        watch_url: made.watchUrl,
        state: 'starting',
        error: null,
        error_reason: null,
        next_attempt_at: null,
      });
      return made.ingestUrl;
    } catch (error) {
      await this.failed(session, describe(error));
      await updateSession(db, session.id, {
        attempts: session.attempts + 1,
        next_attempt_at: this.retryAt(session.attempts),
      });
      return null;
    }
  }

  private startPush(session: SimulcastSessionRow, url: string): void {
    const local: LocalPush = {
      sessionId: session.id,
      accountId: session.account_id,
      streamId: session.stream_id,
      flowing: false,
      push: new SimulcastPush({
        ffmpegPath: this.deps.ffmpegPath,
        url,
        tap: (sink) => this.deps.ingest.tapProgram(session.stream_id, sink),
        log: this.deps.log.child({ streamId: session.stream_id, provider: session.provider }),
        firstRetryMs: this.deps.firstRetryMs,
        maxRetryMs: this.deps.maxRetryMs,
        onReport: (report) => void this.reported(session, local, report),
      }),
    };
    this.pushes.set(session.id, local);
    void local.push.start().finally(() => {
      if (this.pushes.get(session.id) === local) this.pushes.delete(session.id);
    });
  }

  private async reported(session: SimulcastSessionRow, local: LocalPush, report: PushReport): Promise<void> {
    try {
      if (report.status === 'pushing') {
        local.flowing = true;
        // Facebook's live video is live from its creation: data flowing is it on air.
        if (session.provider === 'facebook') await this.onAir(session);
        else await this.tick();
      } else if (report.status === 'retrying') {
        local.flowing = false;
        await this.failed(session, { reason: 'push', detail: report.error ?? 'the push stopped' });
      }
    } catch (error) {
      this.deps.log.error({ err: error }, 'simulcast: could not save a push report');
    }
  }

  private async goLiveOnYoutube(
    session: SimulcastSessionRow,
    connection: IntegrationConnectionRow,
  ): Promise<void> {
    if (!session.external_id || !session.external_stream_id) return;
    try {
      const token = await this.deps.accessToken(connection);
      if (!(await youtubeStreamActive(this.deps.youtube, token, session.external_stream_id))) return;
      await transitionYoutubeBroadcast(this.deps.youtube, token, session.external_id, 'live');
      await this.onAir(session);
    } catch (error) {
      await this.failed(session, describe(error));
    }
  }

  /** The session is on air at the provider (logged once per stretch). */
  private async onAir(session: SimulcastSessionRow): Promise<void> {
    const current = await sessionState(this.deps.db, session.id);
    if (!current || current === 'live' || current === 'ended') return;
    await this.deps.db.transaction().execute(async (trx) => {
      await updateSession(trx, session.id, {
        state: 'live',
        error: null,
        error_reason: null,
        attempts: 0,
        next_attempt_at: null,
      });
      await this.log(trx, session, 'SIMULCAST_INICIADO', null);
    });
  }

  /** A failure the console shows; logged when the session was not failing already. */
  private async failed(session: SimulcastSessionRow, failure: Failure): Promise<void> {
    const current = await sessionState(this.deps.db, session.id);
    if (!current || current === 'ended') return;
    const error = failure.detail.slice(0, 500);
    await this.deps.db.transaction().execute(async (trx) => {
      await updateSession(trx, session.id, { state: 'failed', error, error_reason: failure.reason });
      if (current !== 'failed') await this.log(trx, session, 'SIMULCAST_FALHOU', error);
    });
  }

  /** Ends a session: the push stops here, the provider's broadcast / live video is ended once. */
  private async finish(session: SimulcastSessionRow): Promise<void> {
    await this.pushes.get(session.id)?.push.stop();
    const claimed = await claimEnd(this.deps.db, session.id);
    if (!claimed) return;
    let error: string | null = null;
    const connection = session.connection_id
      ? await connectionById(this.deps.db, session.connection_id)
      : undefined;
    if (connection && !connection.deauthorized && session.external_id) {
      try {
        const token = await this.deps.accessToken(connection);
        if (session.provider === 'youtube') {
          // Only a broadcast that went live can complete; one that never did is left as YouTube made it.
          if (session.state === 'live' || session.state === 'failed') {
            await transitionYoutubeBroadcast(this.deps.youtube, token, session.external_id, 'complete');
          }
        } else if (this.deps.facebook) {
          await endFacebookLive(this.deps.facebook as FacebookApi, token, session.external_id);
        }
      } catch (e) {
        error = describe(e).detail;
        this.deps.log.warn(
          { streamId: session.stream_id, error },
          'simulcast: could not end at the provider',
        );
      }
    }
    await this.deps.db.transaction().execute(async (trx) => {
      if (error) await updateSession(trx, session.id, { error: error.slice(0, 500) });
      await this.log(trx, session, 'SIMULCAST_ENCERRADO', error);
    });
  }

  private log(
    trx: Parameters<typeof recordActivity>[0],
    session: SimulcastSessionRow,
    event: 'SIMULCAST_INICIADO' | 'SIMULCAST_FALHOU' | 'SIMULCAST_ENCERRADO',
    error: string | null,
  ): Promise<void> {
    return recordActivity(trx, {
      actor: null,
      ip: null,
      userAgent: null,
      accountId: session.account_id,
      event,
      identifier: session.stream_id,
      record: toRecord({ provedor: session.provider, ...(error ? { erro: error } : {}) }),
    });
  }
}

/** The provider handed out an ingestion URL Palco does not push to (not RTMP(S), not public). */
class AddressRefused extends Error {
  constructor() {
    super('the provider gave an ingestion address that is not allowed');
  }
}

/** Why a session failed: its kind (the panel says it in the user's language) and English details. */
export interface Failure {
  reason: SimulcastFailure;
  detail: string;
}

/** A failure in words that hold no secret (provider errors carry a status, never a body or a URL). */
export function describe(error: unknown): Failure {
  if (!(error instanceof Error)) return { reason: 'other', detail: 'unknown error' };
  if (error instanceof Deauthorized) return { reason: 'authorization', detail: error.message };
  if (error instanceof AddressRefused) return { reason: 'address', detail: error.message };
  if (error instanceof ProviderError) {
    const detail = error.status > 0 ? `${error.message} (HTTP ${error.status})` : error.message;
    if (error.status === 401) return { reason: 'authorization', detail };
    return { reason: error.retryable ? 'unreachable' : 'refused', detail };
  }
  return { reason: 'other', detail: error.message };
}

import type { FastifyInstance } from 'fastify';
import type { Job, JobWithMetadata, SendOptions } from 'pg-boss';
import { activeJobIds } from '../db/job-queue.ts';
import { recordActivity } from '../db/repositories/activity-log.ts';
import { createDirectory, findDirectory } from '../db/repositories/directories.ts';
import {
  findConnection,
  findImport,
  insertImport,
  listImports,
  rotateTokens,
  updateConnection,
  updateImport,
} from '../db/repositories/integrations.ts';
import { commitOffset } from '../db/repositories/video-uploads.ts';
import { createVideo, markUploading, updateVideo } from '../db/repositories/videos.ts';
import type { Executor } from '../db/schema.ts';
import type {
  IntegrationConnectionRow,
  IntegrationImportRow,
  IntegrationProvider,
} from '../db/tables/integrations.ts';
import type { ActivityActor } from '../lib/activity.ts';
import { toRecord } from '../lib/activity.ts';
import { t } from '../lib/i18n.ts';
import { ExcessBytesError } from '../media/upload-files.ts';
import { DownloadRefused, openDownload } from './download.ts';
import { ProviderError } from './http.ts';
import { type OAuthClient, refreshTokens } from './oauth.ts';
import { integrationKey, seal, unseal } from './seal.ts';

export const POLL_QUEUE = 'integration-poll';
export const IMPORT_QUEUE = 'integration-import';

/** An access token this close to its expiry is refreshed before use. */
const REFRESH_MARGIN_MS = 60_000;

/** Why an import failed, as a message key of i18n-integrations.ts (the card shows it translated). */
export type ImportFailure =
  | 'integrationImportAddress'
  | 'integrationImportTooLarge'
  | 'integrationImportProvider'
  | 'integrationImportDeauthorized';

/** An item found at the provider. */
export interface ImportItem {
  externalId: string;
  title: string;
  /** What `locate` needs later; never a token (the row is not sealed). */
  data: Record<string, unknown>;
}

/** What a provider with imports tells the engine (zoom.ts, google-meet.ts, tencent.ts). */
export interface ImportSource {
  /** Imported items are unique per team and source (`zoom` for both Zoom cards). */
  source: string;
  /** The library folder a connection's imports go to. */
  folderName(connection: IntegrationConnectionRow): string;
  /** The items at the provider now (old ones too: the engine keeps each once). */
  list(connection: IntegrationConnectionRow): Promise<ImportItem[]>;
  /** Where the item's file is, and the headers (a token) to send to that URL's origin only. */
  locate(
    connection: IntegrationConnectionRow,
    item: IntegrationImportRow,
  ): Promise<{ url: string; headers: Record<string, string> }>;
}

/** A card's provider: its OAuth client (null: the server lacks its credentials) and its imports. */
export interface ProviderDefinition {
  provider: IntegrationProvider;
  configured(): boolean;
  oauth?: () => OAuthClient | null;
  imports?: ImportSource;
}

/** What the server does on its own (a job, a refused refresh) has nobody responsible. */
const NO_ACTIVITY = { actor: null, ip: null, userAgent: null };

/** Provider tokens turned unusable (refresh refused): the connection must be authorised again. */
export class Deauthorized extends Error {}

/**
 * The integrations engine (docs/integrations.md): provider definitions, sealed tokens with transparent
 * refresh, and imports as pg-boss jobs — a poll job per connection with import on, which records each
 * new provider item once and queues one import job for it; the import job downloads the file through
 * the address guard into the upload pipeline (the video shows in the processing modal as it uploads
 * and transcodes).
 */
export class Integrations {
  readonly key: Buffer;
  private readonly providers = new Map<IntegrationProvider, ProviderDefinition>();

  constructor(private readonly app: FastifyInstance) {
    this.key = integrationKey(app.jwtKey);
  }

  register(definition: ProviderDefinition): void {
    this.providers.set(definition.provider, definition);
  }

  definition(provider: IntegrationProvider): ProviderDefinition | undefined {
    return this.providers.get(provider);
  }

  configured(provider: IntegrationProvider): boolean {
    return this.providers.get(provider)?.configured() ?? false;
  }

  oauthClient(provider: IntegrationProvider): OAuthClient | null {
    return this.providers.get(provider)?.oauth?.() ?? null;
  }

  seal(accountId: string, provider: IntegrationProvider, secret: string): string {
    return seal(this.key, accountId, provider, secret);
  }

  unseal(connection: IntegrationConnectionRow, sealed: string): string {
    return unseal(this.key, connection.account_id, connection.provider, sealed);
  }

  // ---- Tokens ---------------------------------------------------------------------------------

  /**
   * A usable access token of the connection: the stored one, or a refreshed one when it is expired
   * (or `force`d after the provider refused it). The new access and refresh tokens are saved in one
   * statement that only applies if nobody rotated them meanwhile (compare-and-set on the sealed
   * refresh token), so two jobs refreshing at once never lose a rotated refresh token. A refused
   * refresh marks the connection deauthorized.
   */
  async accessToken(connectionId: string, force = false): Promise<string> {
    const { db, config } = this.app;
    const connection = await findConnection(db, connectionId);
    if (!connection?.access_token_enc) throw new Deauthorized('no connection');
    if (connection.deauthorized) throw new Deauthorized('deauthorized');
    const expires = connection.token_expires_at?.getTime() ?? Number.POSITIVE_INFINITY;
    if (!force && expires - Date.now() > REFRESH_MARGIN_MS)
      return this.unseal(connection, connection.access_token_enc);
    const client = this.oauthClient(connection.provider);
    if (!client || !connection.refresh_token_enc) {
      if (!force && expires > Date.now()) return this.unseal(connection, connection.access_token_enc);
      throw new Deauthorized('cannot refresh');
    }
    const refreshToken = this.unseal(connection, connection.refresh_token_enc);
    let tokens: Awaited<ReturnType<typeof refreshTokens>>;
    try {
      tokens = await refreshTokens(client, refreshToken, config.integrations.httpTimeoutMs);
    } catch (error) {
      if (error instanceof ProviderError && !error.retryable) {
        // Maybe another job rotated the token a moment ago: its token is the one to use.
        const now = await findConnection(db, connectionId);
        if (
          now?.refresh_token_enc &&
          now.refresh_token_enc !== connection.refresh_token_enc &&
          now.access_token_enc
        )
          return this.unseal(now, now.access_token_enc);
        await this.markDeauthorized(connection);
        throw new Deauthorized('refresh refused');
      }
      throw error;
    }
    const saved = await rotateTokens(db, connection.id, connection.refresh_token_enc, {
      access_token_enc: this.seal(connection.account_id, connection.provider, tokens.accessToken),
      refresh_token_enc: tokens.refreshToken
        ? this.seal(connection.account_id, connection.provider, tokens.refreshToken)
        : connection.refresh_token_enc,
      token_expires_at: tokens.expiresIn === null ? null : new Date(Date.now() + tokens.expiresIn * 1000),
    });
    if (!saved) {
      const now = await findConnection(db, connectionId);
      if (now?.access_token_enc) return this.unseal(now, now.access_token_enc);
      throw new Deauthorized('connection removed');
    }
    return tokens.accessToken;
  }

  /** Runs a provider call with the access token; a 401 refreshes the token once and tries again. */
  async withToken<T>(connectionId: string, call: (token: string) => Promise<T>): Promise<T> {
    try {
      return await call(await this.accessToken(connectionId));
    } catch (error) {
      if (!(error instanceof ProviderError) || error.status !== 401) throw error;
    }
    try {
      return await call(await this.accessToken(connectionId, true));
    } catch (error) {
      if (error instanceof ProviderError && error.status === 401) {
        const connection = await findConnection(this.app.db, connectionId);
        if (connection) await this.markDeauthorized(connection);
        throw new Deauthorized('token refused');
      }
      throw error;
    }
  }

  /** The account removed the app, or its tokens stopped working: the card asks to authorise again. */
  async markDeauthorized(
    connection: IntegrationConnectionRow,
    activity: { actor: ActivityActor | null; ip: string | null; userAgent: string | null } = NO_ACTIVITY,
  ): Promise<void> {
    if (connection.deauthorized) return;
    await this.app.db.transaction().execute(async (trx) => {
      await updateConnection(trx, connection.id, { deauthorized: true });
      await recordActivity(trx, {
        accountId: connection.account_id,
        event: 'INTEGRACAO_DESAUTORIZADA',
        identifier: connection.external_account_id,
        record: toRecord({ provider: connection.provider, label: connection.label }),
        ...activity,
      });
    });
  }

  // ---- Imports ----------------------------------------------------------------------------------

  private jobOptions(): SendOptions {
    const { maxAttempts, retryDelaySeconds, downloadTimeoutMs } = this.app.config.integrations;
    return {
      retryLimit: maxAttempts - 1,
      retryDelay: retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: Math.ceil(downloadTimeoutMs / 1000) + 600,
    };
  }

  async start(): Promise<void> {
    const { boss } = this.app.jobs;
    // `stately`: per connection (per item) at most one job waiting and one running.
    await boss.createQueue(POLL_QUEUE, {
      policy: 'stately',
      retryLimit: 2,
      retryDelay: 30,
      expireInSeconds: 600,
    });
    await boss.createQueue(IMPORT_QUEUE, { policy: 'stately', ...this.jobOptions() });
    if (this.app.jobs.singleProcess) {
      // Jobs left active by a killed process of this data dir: nobody runs them; pg-boss retries them.
      for (const queue of [POLL_QUEUE, IMPORT_QUEUE]) {
        const orphans = await activeJobIds(this.app.db, queue);
        if (orphans.length > 0) await boss.fail(queue, orphans);
      }
    }
    await boss.work(
      POLL_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 1 },
      async ([job]: Job<{ connectionId: string }>[]) => {
        if (job) await this.poll(job.data.connectionId);
      },
    );
    await boss.work(
      IMPORT_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
      async ([job]: JobWithMetadata<{ importId: string }>[]) => {
        if (job) await this.importItem(job.data.importId, job.retryCount >= job.retryLimit);
      },
    );
  }

  /** Queues a look for new items of the connection (now, or after `delaySeconds`). */
  async schedulePoll(connectionId: string, delaySeconds = 0, trx?: Executor): Promise<string | null> {
    // Two keys: at most one look waiting to run now and one waiting for its time, so asking for a
    // look now is never swallowed by the next scheduled one, and the schedule never forks.
    const key = delaySeconds > 0 ? `${connectionId}:next` : `${connectionId}:now`;
    return this.app.jobs.send(
      POLL_QUEUE,
      { connectionId },
      { singletonKey: key, ...(delaySeconds > 0 ? { startAfter: delaySeconds } : {}) },
      trx,
    );
  }

  private async enqueueImport(importId: string, trx?: Executor): Promise<void> {
    await this.app.jobs.send(
      IMPORT_QUEUE,
      { importId },
      { ...this.jobOptions(), singletonKey: importId },
      trx,
    );
  }

  /** The connection's folder, made again if the user deleted it. */
  async ensureFolder(trx: Executor, connection: IntegrationConnectionRow): Promise<string | null> {
    const source = this.providers.get(connection.provider)?.imports;
    if (!source) return null;
    if (connection.folder_id && (await findDirectory(trx, connection.account_id, connection.folder_id)))
      return connection.folder_id;
    const folder = await createDirectory(trx, {
      accountId: connection.account_id,
      parentId: null,
      name: source.folderName(connection).slice(0, 120),
    });
    await updateConnection(trx, connection.id, { folder_id: folder.id });
    return folder.id;
  }

  private async poll(connectionId: string): Promise<void> {
    const { db, log, config } = this.app;
    const connection = await findConnection(db, connectionId);
    if (!connection?.active_import || connection.deauthorized) return;
    const source = this.providers.get(connection.provider)?.imports;
    if (!source) return;
    let items: ImportItem[];
    try {
      items = await source.list(connection);
    } catch (error) {
      if (error instanceof Deauthorized) return;
      log.warn({ connectionId, err: (error as Error).message }, 'integration: listing failed');
      await updateConnection(db, connectionId, {
        last_polled_at: new Date(),
        last_error: 'integrationImportProvider',
      });
      await this.schedulePoll(connectionId, config.integrations.pollSeconds);
      return;
    }
    await db.transaction().execute(async (trx) => {
      await this.ensureFolder(trx, connection);
      for (const item of items) {
        const id = await insertImport(trx, {
          accountId: connection.account_id,
          connectionId: connection.id,
          source: source.source,
          externalId: item.externalId,
          title: item.title.slice(0, 200) || item.externalId,
          data: item.data,
        });
        if (id) await this.enqueueImport(id, trx);
      }
      // Items found while import was off (or whose job was lost) are queued again.
      for (const row of await listImports(trx, connection.id))
        if (row.status === 'queued') await this.enqueueImport(row.id, trx);
      await updateConnection(trx, connection.id, { last_polled_at: new Date(), last_error: null });
      await this.schedulePoll(connection.id, config.integrations.pollSeconds, trx);
    });
  }

  private async fail(item: IntegrationImportRow, key: ImportFailure, videoId: string | null): Promise<void> {
    await this.app.db.transaction().execute(async (trx) => {
      await updateImport(trx, item.id, { status: 'failed', error: key });
      if (videoId) await updateVideo(trx, videoId, { status: 'failed', error: t('pt-BR', key) });
      await recordActivity(trx, {
        accountId: item.account_id,
        event: 'IMPORTACAO_FALHOU',
        identifier: videoId ?? item.external_id,
        record: toRecord({ source: item.source, title: item.title, error: t('pt-BR', key) }),
        actor: null,
        ip: null,
        userAgent: null,
      });
    });
    if (videoId) this.publishStatus(item.account_id, videoId, 'failed', 0);
  }

  private publishStatus(accountId: string, videoId: string, status: string, progress: number): void {
    this.app.runInBackground('realtime: video_status', () =>
      this.app.events.publish(accountId, 'video_status', { video_id: videoId, status, progress }),
    );
  }

  /**
   * One item: its video is created (status uploading: the processing modal lists it), its file
   * streamed into the video's upload file under the upload lease, and completion recorded the way a
   * finished upload is; then the transcode job runs on it like on any upload.
   */
  private async importItem(importId: string, lastAttempt: boolean): Promise<void> {
    const { db, config, media } = this.app;
    const item = await findImport(db, importId);
    if (!item || item.status === 'imported' || item.status === 'failed' || !item.connection_id) return;
    const connection = await findConnection(db, item.connection_id);
    // Import switched off (or undone) meanwhile: the item waits, queued, for the next poll.
    if (!connection?.active_import || connection.deauthorized) return;
    const source = this.providers.get(connection.provider)?.imports;
    if (!source) return;

    let videoId = item.video_id;
    if (!videoId) {
      videoId = await db.transaction().execute(async (trx) => {
        const folderId = await this.ensureFolder(trx, connection);
        const id = await createVideo(trx, {
          accountId: item.account_id,
          directoryId: folderId,
          title: item.title,
          description: '',
          createdBy: connection.created_by,
        });
        await markUploading(trx, id);
        await updateImport(trx, item.id, { video_id: id, status: 'downloading' });
        return id;
      });
      this.publishStatus(item.account_id, videoId, 'uploading', 0);
    }
    await updateImport(db, item.id, { status: 'downloading', attempts: item.attempts + 1 });

    const id = videoId;
    try {
      const where = await source.locate(connection, item);
      const download = await openDownload(where.url, where.headers, {
        devHosts: config.integrations.devHosts,
        timeoutMs: config.integrations.downloadTimeoutMs,
        maxBytes: config.maxUploadBytes,
      });
      const { uploads } = media;
      await uploads.withLease(id, async (token) => {
        await commitOffset(db, { videoId: id, token, total: download.length, offset: 0, reset: true });
        const result = await uploads.store.write(id, download.stream, {
          skip: 0,
          position: 0,
          max: config.maxUploadBytes,
          restart: true,
        });
        if (result.error instanceof ExcessBytesError) throw new DownloadRefused('tooLarge', 'over the limit');
        if (
          result.error ||
          result.written === 0 ||
          (download.length !== null && result.written !== download.length)
        )
          throw new ProviderError('download cut short', 0);
        await uploads.store.complete(id, result.written);
        const size = result.written;
        await db.transaction().execute(async (trx) => {
          await commitOffset(trx, { videoId: id, token, total: size, offset: size, complete: true });
          await updateVideo(trx, id, {
            status: 'processing',
            transcode_progress: 0,
            transcode_started_at: null,
            error: null,
          });
          await updateImport(trx, item.id, { status: 'imported', error: null });
          await recordActivity(trx, {
            accountId: item.account_id,
            event: 'GRAVACAO_IMPORTADA',
            identifier: id,
            record: toRecord({ source: item.source, title: item.title, size, external_id: item.external_id }),
            actor: null,
            ip: null,
            userAgent: null,
          });
          await media.enqueueTranscode(trx, id);
        });
      });
      this.publishStatus(item.account_id, id, 'processing', 0);
    } catch (error) {
      await media.uploads.store.remove(id).catch(() => undefined);
      if (error instanceof DownloadRefused) {
        this.app.log.warn(
          { importId, reason: error.reason, detail: error.message },
          'integration: download refused',
        );
        return this.fail(
          item,
          error.reason === 'address' ? 'integrationImportAddress' : 'integrationImportTooLarge',
          id,
        );
      }
      if (error instanceof Deauthorized) return this.fail(item, 'integrationImportDeauthorized', id);
      if (lastAttempt || (error instanceof ProviderError && !error.retryable)) {
        this.app.log.warn({ importId, err: (error as Error).message }, 'integration: import failed');
        return this.fail(item, 'integrationImportProvider', id);
      }
      // Thrown: pg-boss tries again after its (doubling) delay.
      throw error;
    }
  }
}

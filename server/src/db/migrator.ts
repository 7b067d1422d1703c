import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { type Migration, type MigrationResultSet, Migrator, NO_MIGRATIONS } from 'kysely/migration';
import * as initial from './migrations/20261122T150000_initial.ts';
import * as activityLogs from './migrations/20261122T160000_activity_logs.ts';
import * as videos from './migrations/20261122T170000_videos.ts';
import * as liveStreams from './migrations/20261122T180000_live_streams.ts';
import * as liveIngest from './migrations/20261122T190000_live_ingest.ts';
import * as loginAddressAttempts from './migrations/20261125T090000_login_address_attempts.ts';
import * as invitations from './migrations/20261125T120000_invitations.ts';
import * as realtime from './migrations/20261125T120000_realtime.ts';
import * as liveAutomation from './migrations/20261125T130000_live_automation.ts';
import * as accountSettings from './migrations/20261125T140000_account_settings.ts';
import * as apiKeys from './migrations/20261125T150500_api_keys.ts';
import * as viewers from './migrations/20261125T152000_viewers.ts';
import * as overlays from './migrations/20261125T153000_overlays.ts';
import * as classroom from './migrations/20261125T153100_classroom.ts';
import * as billing from './migrations/20261125T160000_billing.ts';
import * as webhooks from './migrations/20261125T163000_webhooks.ts';
import * as twoFactor from './migrations/20261125T170000_two_factor.ts';
import * as keyLanes from './migrations/20261127T100000_key_lanes.ts';
import * as clientBlock from './migrations/20261127T110000_client_block.ts';
import * as audienceBounds from './migrations/20261127T120000_audience_bounds.ts';
import * as chatTokens from './migrations/20261127T130000_classroom_chat_tokens.ts';
import * as classroomDescription from './migrations/20261127T140000_classroom_description.ts';
import * as analytics from './migrations/20261127T150000_analytics.ts';
import * as videoLikes from './migrations/20261127T160000_video_likes.ts';
import * as subtitleJobs from './migrations/20261127T173000_subtitle_jobs.ts';
import * as classroomContent from './migrations/20261128T100000_classroom_content.ts';
import * as studioGuests from './migrations/20261201T110000_studio_guests.ts';
import * as integrations from './migrations/20261201T120000_integrations.ts';
import * as simulcast from './migrations/20261201T130000_simulcast.ts';
import * as simulcastReason from './migrations/20261202T090000_simulcast_reason.ts';
import * as classroomEmailCodes from './migrations/20261203T100000_classroom_email_codes.ts';
import * as oauthBinding from './migrations/20261203T104500_oauth_binding.ts';
import * as videoMediaViews from './migrations/20261203T121700_video_media_views.ts';
import * as chatHost from './migrations/20261204T090000_classroom_chat_host.ts';
import * as videoTranscodeStarted from './migrations/20261204T100000_video_transcode_started.ts';
import * as sessionCacheNotify from './migrations/20261205T090000_session_cache_notify.ts';
import * as liveListNotify from './migrations/20261206T090000_live_list_notify.ts';
import * as viewerSessionDims from './migrations/20261207T090000_viewer_session_dims.ts';
import type { Db } from './schema.ts';

/**
 * Listed statically (rather than read from the folder) so the server needs no file-system lookups and
 * a bundler can follow the imports. Names are timestamps: Kysely applies them in name order.
 */
const migrations: Record<string, Migration> = {
  '20261122T150000_initial': initial,
  '20261122T160000_activity_logs': activityLogs,
  '20261122T170000_videos': videos,
  '20261122T180000_live_streams': liveStreams,
  '20261122T190000_live_ingest': liveIngest,
  '20261125T090000_login_address_attempts': loginAddressAttempts,
  '20261125T120000_invitations': invitations,
  '20261125T120000_realtime': realtime,
  '20261125T130000_live_automation': liveAutomation,
  '20261125T140000_account_settings': accountSettings,
  '20261125T152000_viewers': viewers,
  '20261125T150500_api_keys': apiKeys,
  '20261125T160000_billing': billing,
  '20261125T163000_webhooks': webhooks,
  '20261125T153000_overlays': overlays,
  '20261125T153100_classroom': classroom,
  '20261125T170000_two_factor': twoFactor,
  '20261127T100000_key_lanes': keyLanes,
  '20261127T110000_client_block': clientBlock,
  '20261127T120000_audience_bounds': audienceBounds,
  '20261127T130000_classroom_chat_tokens': chatTokens,
  '20261127T140000_classroom_description': classroomDescription,
  '20261127T150000_analytics': analytics,
  '20261127T160000_video_likes': videoLikes,
  '20261127T173000_subtitle_jobs': subtitleJobs,
  '20261128T100000_classroom_content': classroomContent,
  '20261201T110000_studio_guests': studioGuests,
  '20261201T120000_integrations': integrations,
  '20261201T130000_simulcast': simulcast,
  '20261202T090000_simulcast_reason': simulcastReason,
  '20261203T100000_classroom_email_codes': classroomEmailCodes,
  '20261203T104500_oauth_binding': oauthBinding,
  '20261203T121700_video_media_views': videoMediaViews,
  '20261204T090000_classroom_chat_host': chatHost,
  '20261204T100000_video_transcode_started': videoTranscodeStarted,
  '20261205T090000_session_cache_notify': sessionCacheNotify,
  '20261206T090000_live_list_notify': liveListNotify,
  '20261207T090000_viewer_session_dims': viewerSessionDims,
};

/**
 * A name for this code's set of migrations: their names and their code. A template of a migrated
 * database (docs/server.md "A new embedded database from a template") is kept under it, so a migration
 * added or changed makes a new template rather than a copy of the old schema.
 */
export function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const name of Object.keys(migrations).sort()) {
    const m = migrations[name]!;
    hash.update(`${name}\0${m.up.toString()}\0${m.down?.toString() ?? ''}\0`);
  }
  return hash.digest('hex').slice(0, 16);
}

/** The newest migration this code knows: /readyz waits until the database has it. */
export const LATEST_MIGRATION = Object.keys(migrations).sort().at(-1)!;

/** Whether the database holds every migration this code knows (another instance may have rolled it
 * back, or it was restored from an older backup). */
export async function isMigrated(db: Db): Promise<boolean> {
  const { rows } = await sql<{ name: string | null }>`
    SELECT max(name) AS name FROM kysely_migration`.execute(db);
  const newest = rows[0]?.name ?? null;
  return newest !== null && newest >= LATEST_MIGRATION;
}

function migrator(db: Db): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

function unwrap({ error, results }: MigrationResultSet): string[] {
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Migration ${failed ?? '(unknown)'} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).map((r) => `${r.direction} ${r.migrationName}`);
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  return unwrap(await migrator(db).migrateToLatest());
}

/** Undo every migration (tests check that each `down` really reverses its `up`). */
export async function migrateAllDown(db: Db): Promise<string[]> {
  return unwrap(await migrator(db).migrateTo(NO_MIGRATIONS));
}

import type { Kysely, Transaction } from 'kysely';
import type { AccountsTable } from './tables/accounts.ts';
import type { ActivityLogsTable } from './tables/activity-logs.ts';
import type {
  AnalyticsBucketsTable,
  AnalyticsPushesTable,
  PlaybackViewsTable,
  VideoLikesTable,
  VideoMediaViewsTable,
} from './tables/analytics.ts';
import type { ApiKeysTable } from './tables/api-keys.ts';
import type {
  ClassroomChatTokensTable,
  ClassroomEmailCodesTable,
  ClassroomMessagesTable,
  ClassroomParticipantsTable,
} from './tables/classroom.ts';
import type { ClientsTable } from './tables/clients.ts';
import type { DirectoriesTable } from './tables/directories.ts';
import type {
  IntegrationConnectionsTable,
  IntegrationImportsTable,
  OAuthStatesTable,
} from './tables/integrations.ts';
import type { InvitationsTable } from './tables/invitations.ts';
import type { LoginAddressAttemptsTable } from './tables/login-address-attempts.ts';
import type { LoginFailuresTable } from './tables/login-failures.ts';
import type { MembershipsTable } from './tables/memberships.ts';
import type { LiveStreamOverlaysTable, OverlaysTable } from './tables/overlays.ts';
import type { PasswordResetsTable } from './tables/password-resets.ts';
import type { RealtimeCountersTable } from './tables/realtime.ts';
import type { RolesTable } from './tables/roles.ts';
import type { SessionsTable } from './tables/sessions.ts';
import type { SimulcastSessionsTable } from './tables/simulcast.ts';
import type { LiveStreamCountsTable, LiveStreamPresetsTable, LiveStreamsTable } from './tables/streams.ts';
import type { StudioGuestLinksTable, StudioGuestsTable } from './tables/studio.ts';
import type { SubtitleJobsTable } from './tables/subtitle-jobs.ts';
import type { ClientPlansTable, UsageDailyTable, UsageEventsTable } from './tables/usage.ts';
import type { UsersTable } from './tables/users.ts';
import type { VideoSubtitlesTable } from './tables/video-subtitles.ts';
import type { VideoUploadsTable } from './tables/video-uploads.ts';
import type { VideosTable } from './tables/videos.ts';
import type { LiveViewerCountsTable, PlaybackEventsTable, ViewerSessionsTable } from './tables/viewers.ts';
import type { WebhookDeliveriesTable, WebhooksTable } from './tables/webhooks.ts';

export interface Database {
  clients: ClientsTable;
  accounts: AccountsTable;
  roles: RolesTable;
  users: UsersTable;
  memberships: MembershipsTable;
  password_resets: PasswordResetsTable;
  invitations: InvitationsTable;
  login_failures: LoginFailuresTable;
  login_address_attempts: LoginAddressAttemptsTable;
  sessions: SessionsTable;
  activity_logs: ActivityLogsTable;
  live_streams: LiveStreamsTable;
  live_stream_presets: LiveStreamPresetsTable;
  live_stream_counts: LiveStreamCountsTable;
  directories: DirectoriesTable;
  videos: VideosTable;
  video_uploads: VideoUploadsTable;
  video_subtitles: VideoSubtitlesTable;
  subtitle_jobs: SubtitleJobsTable;
  realtime_counters: RealtimeCountersTable;
  overlays: OverlaysTable;
  live_stream_overlays: LiveStreamOverlaysTable;
  classroom_participants: ClassroomParticipantsTable;
  classroom_chat_tokens: ClassroomChatTokensTable;
  classroom_email_codes: ClassroomEmailCodesTable;
  classroom_messages: ClassroomMessagesTable;
  playback_events: PlaybackEventsTable;
  viewer_sessions: ViewerSessionsTable;
  live_viewer_counts: LiveViewerCountsTable;
  playback_views: PlaybackViewsTable;
  analytics_buckets: AnalyticsBucketsTable;
  analytics_pushes: AnalyticsPushesTable;
  video_likes: VideoLikesTable;
  video_media_views: VideoMediaViewsTable;
  api_keys: ApiKeysTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  usage_events: UsageEventsTable;
  usage_daily: UsageDailyTable;
  client_plans: ClientPlansTable;
  integration_connections: IntegrationConnectionsTable;
  oauth_states: OAuthStatesTable;
  integration_imports: IntegrationImportsTable;
  studio_guest_links: StudioGuestLinksTable;
  studio_guests: StudioGuestsTable;
  simulcast_sessions: SimulcastSessionsTable;
}

export type Db = Kysely<Database>;
/** Repositories accept either the database or an open transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

import type { YoutubeVideo } from '../../../contract/integrations.ts';
import { ProviderError, requestJson } from './http.ts';

/*
 * YouTube, as the YouTube card uses it (docs/integrations.md "YouTube"): YouTube's developer policies
 * forbid downloading its videos, so nothing is imported. With the simulcast on, a Palco live gets a
 * broadcast and a stream (Live Streaming API `liveBroadcasts.insert`, `liveStreams.insert`, bound by
 * `liveBroadcasts.bind`), the live's program is pushed to the stream's RTMP ingestion address, the
 * broadcast goes live once the stream is active and complete when the live ends
 * (`liveBroadcasts.transition`). The card also lists the channel's uploads (Data API).
 */

/** The one scope asked: managing the channel's live broadcasts needs it, and it covers reading. */
export const YOUTUBE_SCOPES = ['https://www.googleapis.com/auth/youtube'] as const;

export interface YoutubeApi {
  /** `https://www.googleapis.com/youtube/v3` by default (YOUTUBE_API_URL). */
  apiUrl: string;
  timeoutMs: number;
}

async function call(
  api: YoutubeApi,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  query: Record<string, string>,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const url = new URL(`${api.apiUrl}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const { body: answer } = await requestJson(url.toString(), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    timeoutMs: api.timeoutMs,
  });
  if (!answer || typeof answer !== 'object') throw new ProviderError('YouTube answered no JSON object', 502);
  return answer as Record<string, unknown>;
}

const text = (value: unknown, max = 500): string | null =>
  typeof value === 'string' && value !== '' ? value.slice(0, max) : null;

export interface YoutubeChannel {
  id: string;
  title: string;
  uploadsPlaylistId: string | null;
}

/** The channel of the token's account (`channels.list mine=true`); null when the account has none. */
export async function youtubeChannel(api: YoutubeApi, token: string): Promise<YoutubeChannel | null> {
  const answer = await call(api, token, 'GET', '/channels', { part: 'snippet,contentDetails', mine: 'true' });
  const item = (Array.isArray(answer.items) ? answer.items[0] : null) as {
    id?: unknown;
    snippet?: { title?: unknown };
    contentDetails?: { relatedPlaylists?: { uploads?: unknown } };
  } | null;
  const id = text(item?.id, 64);
  if (!id) return null;
  return {
    id,
    title: text(item?.snippet?.title, 200) ?? id,
    uploadsPlaylistId: text(item?.contentDetails?.relatedPlaylists?.uploads, 64),
  };
}

/** The channel's latest uploads (`playlistItems.list` of its uploads playlist: 1 quota unit a call). */
export async function youtubeUploads(
  api: YoutubeApi,
  token: string,
  playlistId: string,
  max = 25,
): Promise<YoutubeVideo[]> {
  const answer = await call(api, token, 'GET', '/playlistItems', {
    part: 'snippet',
    playlistId,
    maxResults: String(Math.min(50, Math.max(1, max))),
  });
  const items = Array.isArray(answer.items) ? answer.items : [];
  const videos: YoutubeVideo[] = [];
  for (const item of items as {
    snippet?: {
      title?: unknown;
      publishedAt?: unknown;
      thumbnails?: { default?: { url?: unknown } };
      resourceId?: { videoId?: unknown };
    };
  }[]) {
    const id = text(item.snippet?.resourceId?.videoId, 64);
    if (!id || !/^[A-Za-z0-9_-]+$/.test(id)) continue;
    const thumb = text(item.snippet?.thumbnails?.default?.url, 1000);
    videos.push({
      id,
      title: text(item.snippet?.title, 200) ?? id,
      publishedAt: text(item.snippet?.publishedAt, 40) ?? '',
      thumbnailUrl: thumb?.startsWith('https://') ? thumb : null,
      url: `https://www.youtube.com/watch?v=${id}`,
    });
  }
  return videos;
}

export interface YoutubeLive {
  broadcastId: string;
  streamId: string;
  /** `rtmp://…/live2/{streamName}`: the stream name is its key (a secret). */
  ingestUrl: string;
  watchUrl: string;
}

/**
 * A broadcast and a stream for a live, bound together. The broadcast neither starts nor stops by
 * itself (Palco transitions it with the live), and has no monitor stream (it can go live straight
 * from `ready`).
 */
export async function createYoutubeLive(
  api: YoutubeApi,
  token: string,
  title: string,
  privacyStatus: 'public' | 'unlisted' | 'private',
): Promise<YoutubeLive> {
  const name = title.slice(0, 100) || 'Palco';
  const broadcast = await call(
    api,
    token,
    'POST',
    '/liveBroadcasts',
    { part: 'snippet,status,contentDetails' },
    {
      snippet: { title: name, scheduledStartTime: new Date().toISOString() },
      status: { privacyStatus, selfDeclaredMadeForKids: false },
      contentDetails: { enableAutoStart: false, enableAutoStop: false, enableMonitorStream: false },
    },
  );
  const stream = await call(
    api,
    token,
    'POST',
    '/liveStreams',
    { part: 'snippet,cdn,contentDetails,status' },
    {
      snippet: { title: name },
      cdn: { ingestionType: 'rtmp', frameRate: 'variable', resolution: 'variable' },
      contentDetails: { isReusable: false },
    },
  );
  const broadcastId = text(broadcast.id, 64);
  const streamId = text(stream.id, 64);
  const info = (
    stream.cdn as { ingestionInfo?: { ingestionAddress?: unknown; streamName?: unknown } } | undefined
  )?.ingestionInfo;
  const address = text(info?.ingestionAddress, 500);
  const streamName = text(info?.streamName, 200);
  if (!broadcastId || !streamId || !address || !streamName) {
    throw new ProviderError('YouTube answered a broadcast or stream without its ids or ingestion', 502);
  }
  await call(api, token, 'POST', '/liveBroadcasts/bind', {
    id: broadcastId,
    part: 'id,contentDetails',
    streamId,
  });
  return {
    broadcastId,
    streamId,
    ingestUrl: `${address.replace(/\/+$/, '')}/${streamName}`,
    watchUrl: `https://www.youtube.com/watch?v=${encodeURIComponent(broadcastId)}`,
  };
}

/** Whether YouTube receives the stream's data now (`streamStatus` active). */
export async function youtubeStreamActive(
  api: YoutubeApi,
  token: string,
  streamId: string,
): Promise<boolean> {
  const answer = await call(api, token, 'GET', '/liveStreams', { part: 'status', id: streamId });
  const item = (Array.isArray(answer.items) ? answer.items[0] : null) as {
    status?: { streamStatus?: unknown };
  } | null;
  return item?.status?.streamStatus === 'active';
}

/** Moves the broadcast to `live` (once its stream is active) or `complete` (the live ended). */
export async function transitionYoutubeBroadcast(
  api: YoutubeApi,
  token: string,
  broadcastId: string,
  broadcastStatus: 'live' | 'complete',
): Promise<void> {
  await call(api, token, 'POST', '/liveBroadcasts/transition', {
    broadcastStatus,
    id: broadcastId,
    part: 'status',
  });
}

import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { ReceivedPublish, RtmpReceiver } from './rtmp-receiver.ts';

/*
 * A local YouTube Data API v3 + Live Streaming API for the tests, on the real paths under
 * `/youtube/v3` with the real JSON shapes and Google's error format: `channels?mine=true`,
 * `playlistItems` (the channel's uploads), `liveBroadcasts` insert / bind / transition, `liveStreams`
 * insert / list. A stream's ingestion address is the local RTMP receiver (app `live2`, like
 * a.rtmp.youtube.com/live2); its streamStatus turns `active` while the receiver gets data for its
 * key, and a broadcast moves to `live` only then, as YouTube requires. Bearer tokens are checked by
 * the OAuth server the tests run (Google's).
 */

interface Broadcast {
  id: string;
  title: string;
  privacyStatus: string;
  lifeCycleStatus: 'created' | 'ready' | 'testing' | 'live' | 'complete';
  boundStreamId: string | null;
}
interface LiveStream {
  id: string;
  title: string;
  streamName: string;
}

export class FakeYoutube {
  private server: Server | null = null;
  url = '';
  readonly channel = { id: 'UCpalcoTeste0000000000001', title: 'Canal de Teste Palco' };
  readonly uploads = [
    { videoId: 'dQw4w9WgXcQ', title: 'Aula inaugural', publishedAt: '2026-10-01T12:00:00Z' },
    { videoId: 'aBcDeFgHiJk', title: 'Encontro de outubro', publishedAt: '2026-10-15T18:30:00Z' },
  ];
  readonly broadcasts = new Map<string, Broadcast>();
  readonly streams = new Map<string, LiveStream>();
  /** Every call: method, path (without query) and its query. */
  readonly calls: { method: string; path: string; query: Record<string, string> }[] = [];
  /** Answers the next calls with this HTTP status. */
  failNext: { status: number; count: number } | null = null;

  constructor(
    private readonly receiver: RtmpReceiver,
    /** Whether an access token is a valid one with this scope (the local Google OAuth server decides). */
    private readonly tokenScopes: (token: string) => string[] | null,
  ) {}

  async listen(): Promise<string> {
    const server = createServer((req, res) => void this.handle(req, res));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address();
    this.server = server;
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/youtube/v3`;
    return this.url;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    server?.closeAllConnections();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Whether the receiver is getting data for a stream now. */
  private streamActive(stream: LiveStream): boolean {
    return this.receiver.received(stream.streamName).some((p: ReceivedPublish) => !p.ended && p.bytes > 0);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    const path = url.pathname.replace(/^\/youtube\/v3/, '');
    const method = req.method ?? 'GET';
    this.calls.push({ method, path, query });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    const error = (status: number, reason: string, message: string, domain = 'youtube.liveBroadcast') =>
      send(status, { error: { code: status, message, errors: [{ message, domain, reason }] } });
    if (this.failNext && this.failNext.count > 0) {
      this.failNext.count -= 1;
      return error(this.failNext.status, 'backendError', 'Backend Error', 'global');
    }
    const token = /^Bearer (\S+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
    const scopes = token ? this.tokenScopes(token) : null;
    if (!scopes) return error(401, 'authError', 'Invalid Credentials', 'global');
    const can = (scope: string) =>
      scopes.includes(scope) || scopes.includes('https://www.googleapis.com/auth/youtube');
    const LIVE = 'https://www.googleapis.com/auth/youtube';
    const READ = 'https://www.googleapis.com/auth/youtube.readonly';
    if (!can(method === 'GET' ? READ : LIVE))
      return error(403, 'insufficientPermissions', 'Insufficient Permission', 'global');
    let body: Record<string, unknown> = {};
    if (raw) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return error(400, 'parseError', 'Parse Error', 'global');
      }
    }
    if (!query.part && path !== '/liveBroadcasts/bind')
      return error(400, 'required', 'Required parameter: part', 'global');

    const broadcastJson = (b: Broadcast) => ({
      kind: 'youtube#liveBroadcast',
      etag: 'etag',
      id: b.id,
      snippet: { title: b.title, channelId: this.channel.id, scheduledStartTime: '2026-11-27T12:00:00Z' },
      status: {
        lifeCycleStatus: b.lifeCycleStatus,
        privacyStatus: b.privacyStatus,
        recordingStatus: 'notRecording',
      },
      contentDetails: {
        boundStreamId: b.boundStreamId,
        enableAutoStart: false,
        enableAutoStop: false,
        enableMonitorStream: false,
      },
    });
    const streamJson = (s: LiveStream) => ({
      kind: 'youtube#liveStream',
      etag: 'etag',
      id: s.id,
      snippet: { title: s.title, channelId: this.channel.id },
      cdn: {
        ingestionType: 'rtmp',
        frameRate: 'variable',
        resolution: 'variable',
        ingestionInfo: {
          streamName: s.streamName,
          ingestionAddress: `rtmp://127.0.0.1:${this.receiver.port}/live2`,
          backupIngestionAddress: `rtmp://127.0.0.1:${this.receiver.port}/live2?backup=1`,
        },
      },
      status: {
        streamStatus: this.streamActive(s) ? 'active' : 'ready',
        healthStatus: { status: this.streamActive(s) ? 'good' : 'noData' },
      },
    });

    if (method === 'GET' && path === '/channels') {
      if (query.mine !== 'true')
        return error(400, 'missingRequiredParameter', 'No filter selected.', 'youtube.parameter');
      return send(200, {
        kind: 'youtube#channelListResponse',
        items: [
          {
            kind: 'youtube#channel',
            id: this.channel.id,
            snippet: { title: this.channel.title },
            contentDetails: { relatedPlaylists: { uploads: `UU${this.channel.id.slice(2)}` } },
          },
        ],
      });
    }
    if (method === 'GET' && path === '/playlistItems') {
      if (query.playlistId !== `UU${this.channel.id.slice(2)}`)
        return error(404, 'playlistNotFound', 'Playlist not found', 'youtube.playlistItem');
      return send(200, {
        kind: 'youtube#playlistItemListResponse',
        pageInfo: { totalResults: this.uploads.length, resultsPerPage: this.uploads.length },
        items: this.uploads.map((v) => ({
          kind: 'youtube#playlistItem',
          id: `item-${v.videoId}`,
          snippet: {
            title: v.title,
            publishedAt: v.publishedAt,
            thumbnails: {
              default: { url: `https://i.ytimg.com/vi/${v.videoId}/default.jpg`, width: 120, height: 90 },
            },
            resourceId: { kind: 'youtube#video', videoId: v.videoId },
          },
        })),
      });
    }
    if (method === 'POST' && path === '/liveBroadcasts') {
      const snippet = body.snippet as { title?: unknown; scheduledStartTime?: unknown } | undefined;
      const status = body.status as { privacyStatus?: unknown } | undefined;
      if (typeof snippet?.title !== 'string' || !snippet.title)
        return error(400, 'titleRequired', 'Title is required');
      if (typeof snippet.scheduledStartTime !== 'string')
        return error(400, 'scheduledStartTimeRequired', 'Scheduled start time is required');
      const b: Broadcast = {
        id: randomBytes(8).toString('base64url'),
        title: snippet.title,
        privacyStatus: typeof status?.privacyStatus === 'string' ? status.privacyStatus : 'private',
        lifeCycleStatus: 'created',
        boundStreamId: null,
      };
      this.broadcasts.set(b.id, b);
      return send(200, broadcastJson(b));
    }
    if (method === 'POST' && path === '/liveStreams') {
      const snippet = body.snippet as { title?: unknown } | undefined;
      const cdn = body.cdn as { ingestionType?: unknown } | undefined;
      if (typeof snippet?.title !== 'string' || !snippet.title)
        return error(400, 'titleRequired', 'Title is required', 'youtube.liveStream');
      if (cdn?.ingestionType !== 'rtmp')
        return error(400, 'invalidIngestionType', 'Invalid ingestion type', 'youtube.liveStream');
      const s: LiveStream = {
        id: randomBytes(8).toString('base64url'),
        title: snippet.title,
        // YouTube's form: five groups of four (abcd-efgh-ijkl-mnop-qrst).
        streamName: (randomBytes(10).toString('hex').match(/.{4}/g) ?? []).join('-'),
      };
      this.streams.set(s.id, s);
      return send(200, streamJson(s));
    }
    if (method === 'GET' && path === '/liveStreams') {
      const ids = (query.id ?? '').split(',').filter(Boolean);
      return send(200, {
        kind: 'youtube#liveStreamListResponse',
        items: ids.flatMap((id) => {
          const s = this.streams.get(id);
          return s ? [streamJson(s)] : [];
        }),
      });
    }
    if (method === 'POST' && path === '/liveBroadcasts/bind') {
      const b = this.broadcasts.get(query.id ?? '');
      if (!b) return error(404, 'liveBroadcastNotFound', 'Broadcast not found');
      const s = this.streams.get(query.streamId ?? '');
      if (!s) return error(404, 'liveStreamNotFound', 'Stream not found');
      b.boundStreamId = s.id;
      if (b.lifeCycleStatus === 'created') b.lifeCycleStatus = 'ready';
      return send(200, broadcastJson(b));
    }
    if (method === 'POST' && path === '/liveBroadcasts/transition') {
      const b = this.broadcasts.get(query.id ?? '');
      if (!b) return error(404, 'liveBroadcastNotFound', 'Broadcast not found');
      const to = query.broadcastStatus;
      const s = b.boundStreamId ? this.streams.get(b.boundStreamId) : undefined;
      if (to === 'live' || to === 'testing') {
        if (b.lifeCycleStatus !== 'ready' && b.lifeCycleStatus !== 'testing') {
          return error(403, 'invalidTransition', 'Invalid transition');
        }
        if (!s || !this.streamActive(s)) return error(403, 'errorStreamInactive', 'Stream is inactive');
        b.lifeCycleStatus = to;
        return send(200, broadcastJson(b));
      }
      if (to === 'complete') {
        if (b.lifeCycleStatus !== 'live' && b.lifeCycleStatus !== 'testing') {
          return error(403, 'invalidTransition', 'Invalid transition');
        }
        b.lifeCycleStatus = 'complete';
        return send(200, broadcastJson(b));
      }
      return error(400, 'invalidValue', 'Invalid value for broadcastStatus', 'youtube.parameter');
    }
    return error(404, 'notFound', 'Not Found', 'global');
  }
}

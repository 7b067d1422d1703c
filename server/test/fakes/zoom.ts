import { createHmac, randomUUID } from 'node:crypto';
import {
  bodyJson,
  FailureKnob,
  type FakeRequest,
  json,
  type RunningFake,
  sharedKnob,
  startFake,
  startTrap,
} from './http-kit.ts';
import { FakeOAuthServer, type FakeUser } from './oauth-server.ts';

/**
 * A local Zoom (docs/integrations.md "Testing"): OAuth at `/oauth/authorize`, `/oauth/token`,
 * `/oauth/revoke` (client by HTTP Basic, PKCE, rotating refresh tokens), the REST API under `/v2`
 * (`GET /v2/users/me`, `GET /v2/users/me/recordings` with Zoom's JSON), recordings downloaded from
 * `/rec/download/{fileId}` with the bearer token, and the deauthorization notification sent signed
 * the way Zoom signs it. Control API under `/_control/`.
 */

export interface FakeZoomOptions {
  /** Palco's redirect URIs as registered on the app. */
  redirectUris: string[];
  mp4Path: string;
  accessTtlSeconds?: number;
  port?: number;
}

interface Recording {
  meetingUuid: string;
  topic: string;
  startTime: string;
  fileId: string;
  userId: string;
}

export interface FakeZoom extends RunningFake {
  oauth: FakeOAuthServer;
  clientId: string;
  clientSecret: string;
  webhookSecretToken: string;
  /** Environment for a Palco server pointed at this fake. */
  env: Record<string, string>;
  failures: FailureKnob;
  addRecording(user?: FakeUser, topic?: string): Recording;
  /** Download URLs of the next listings point at a private address (the trap). */
  setPrivateDownload(on: boolean): void;
  trapHits(): number;
  downloads(): number;
  /** Sends `app_deauthorized` for the user to Palco, signed (or badly signed); Palco's status. */
  notifyDeauthorization(webhookUrl: string, userId: string, badSignature?: boolean): Promise<number>;
}

export async function startFakeZoom(options: FakeZoomOptions): Promise<FakeZoom> {
  const clientId = 'zoom-client-id';
  const clientSecret = 'zoom-client-secret';
  const webhookSecretToken = 'zoom-webhook-secret-token';
  const oauth = new FakeOAuthServer({
    clientId,
    clientSecret,
    redirectUris: options.redirectUris,
    clientAuth: 'basic',
    rotateRefresh: true,
    accessTtlSeconds: options.accessTtlSeconds ?? 3600,
    productName: 'Zoom',
  });
  oauth.users[0] = { id: 'zoom-user-1', email: 'ana@zoom.example', name: 'Ana Souza' };
  oauth.currentUser = oauth.users[0];
  const failures = new FailureKnob();
  const recordings: Recording[] = [];
  const trap = await startTrap();
  let privateDownload = false;
  const setPrivateDownload = (on: boolean) => {
    privateDownload = on;
  };
  let downloads = 0;
  let base = '';

  const addRecording = (user: FakeUser = oauth.currentUser, topic = 'Aula de sexta'): Recording => {
    const recording = {
      meetingUuid: `${randomUUID()}==`,
      topic,
      startTime: new Date(Date.now() - 3600_000).toISOString().replace(/\.\d+Z$/, 'Z'),
      fileId: randomUUID(),
      userId: user.id,
    };
    recordings.push(recording);
    return recording;
  };
  addRecording();

  const api = (request: FakeRequest) => {
    const user = oauth.userOf(request.headers.authorization);
    if (!user) return json(401, { code: 124, message: 'Invalid access token.' });
    const path = request.url.pathname;
    if (path === '/v2/users/me')
      return json(200, {
        id: user.id,
        account_id: `acct-${user.id}`,
        email: user.email,
        first_name: user.name.split(' ')[0],
        last_name: user.name.split(' ').slice(1).join(' '),
        type: 2,
      });
    if (path === '/v2/users/me/recordings') {
      const q = request.url.searchParams;
      if (!q.get('from') || !q.get('to')) return json(400, { code: 300, message: 'from and to required' });
      const mine = recordings.filter((r) => r.userId === user.id);
      return json(200, {
        from: q.get('from'),
        to: q.get('to'),
        page_size: Number(q.get('page_size') ?? 30),
        total_records: mine.length,
        next_page_token: '',
        meetings: mine.map((r) => ({
          uuid: r.meetingUuid,
          id: 81234567890,
          account_id: `acct-${user.id}`,
          host_id: user.id,
          topic: r.topic,
          type: 2,
          start_time: r.startTime,
          duration: 1,
          total_size: 1,
          recording_count: 1,
          recording_files: [
            {
              id: r.fileId,
              meeting_id: r.meetingUuid,
              recording_start: r.startTime,
              recording_end: r.startTime,
              file_type: 'MP4',
              file_extension: 'MP4',
              file_size: 1,
              download_url: privateDownload
                ? `${trap.url}/latest/meta-data/`
                : `${base}/rec/download/${r.fileId}`,
              status: 'completed',
              recording_type: 'shared_screen_with_speaker_view',
            },
          ],
        })),
      });
    }
    return json(404, { code: 1001, message: 'Not found' });
  };

  const running = await startFake(async (request) => {
    const path = request.url.pathname;
    if (path.startsWith('/_control/')) return control(request);
    const failure = failures.take(path);
    if (failure) return failure;
    if (path === '/oauth/authorize' && request.method === 'GET') return oauth.authorize(request);
    if (path === '/_consent' && request.method === 'POST') return oauth.consent(request);
    if (path === '/oauth/token' && request.method === 'POST') return oauth.tokenEndpoint(request);
    if (path === '/oauth/revoke' && request.method === 'POST') return oauth.revoke(request);
    if (path.startsWith('/v2/') && request.method === 'GET') return api(request);
    const download = /^\/rec\/download\/([\w-]+)$/.exec(path);
    if (download && request.method === 'GET') {
      const user = oauth.userOf(request.headers.authorization);
      const recording = recordings.find((r) => r.fileId === download[1]);
      if (!user) return json(401, { code: 124, message: 'Invalid access token.' });
      if (!recording || recording.userId !== user.id) return json(404, { code: 3301, message: 'not found' });
      downloads += 1;
      return { status: 200, headers: { 'content-type': 'video/mp4' }, file: options.mp4Path };
    }
    return undefined;
  }, options.port);
  base = running.url;

  const notifyDeauthorization = async (webhookUrl: string, userId: string, badSignature = false) => {
    const body = JSON.stringify({
      event: 'app_deauthorized',
      event_ts: Date.now(),
      payload: {
        account_id: `acct-${userId}`,
        user_id: userId,
        signature: randomUUID(),
        deauthorization_time: new Date().toISOString(),
        client_id: clientId,
      },
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const secret = badSignature ? 'not-the-secret' : webhookSecretToken;
    const signature = `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
    if (!badSignature) oauth.deauthorize(userId);
    const answer = await fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-zm-signature': signature,
        'x-zm-request-timestamp': timestamp,
      },
      body,
    });
    return answer.status;
  };

  const control = async (request: FakeRequest) => {
    const path = request.url.pathname;
    const body = bodyJson(request);
    const shared = sharedKnob(request, {
      oauth,
      failures,
      state: () => ({ trapHits: trap.hits(), downloads, recordings: recordings.length }),
      setPrivateDownload,
    });
    if (shared) return shared;
    if (path === '/_control/user') {
      oauth.setUser({
        id: String(body.id),
        email: String(body.email ?? `${body.id}@zoom.example`),
        name: String(body.name ?? body.id),
      });
      return json(200, {});
    }
    if (path === '/_control/recording')
      return json(200, addRecording(oauth.currentUser, String(body.topic ?? 'Nova aula')));
    if (path === '/_control/deauthorize') {
      const status = await notifyDeauthorization(
        String(body.webhookUrl),
        String(body.userId ?? oauth.currentUser.id),
        body.badSignature === true,
      );
      return json(200, { status });
    }
    return json(404, { error: 'unknown knob' });
  };

  return {
    ...running,
    close: async () => {
      await running.close();
      await trap.close();
    },
    oauth,
    clientId,
    clientSecret,
    webhookSecretToken,
    failures,
    env: {
      ZOOM_CLIENT_ID: clientId,
      ZOOM_CLIENT_SECRET: clientSecret,
      ZOOM_WEBHOOK_SECRET_TOKEN: webhookSecretToken,
      ZOOM_AUTHORIZE_URL: `${running.url}/oauth/authorize`,
      ZOOM_TOKEN_URL: `${running.url}/oauth/token`,
      ZOOM_REVOKE_URL: `${running.url}/oauth/revoke`,
      ZOOM_API_URL: `${running.url}/v2`,
    },
    addRecording,
    setPrivateDownload,
    trapHits: () => trap.hits(),
    downloads: () => downloads,
    notifyDeauthorization,
  };
}

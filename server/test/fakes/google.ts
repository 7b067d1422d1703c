import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
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
import { FakeOAuthServer } from './oauth-server.ts';

/**
 * A local Google (docs/integrations.md "Testing"): OAuth at `/o/oauth2/v2/auth`, `/token`, `/revoke`
 * (client in the form, PKCE required, an OpenID id_token signed RS256 with a key published at
 * `/oauth2/v3/certs` like Google's jwks_uri, refresh tokens kept as Google does), the Meet REST
 * API under `/v2` (`conferenceRecords`, `conferenceRecords/{id}/recordings`) and the Drive API under
 * `/drive/v3` (`files/{id}?alt=media`). Control API under `/_control/`.
 */

export interface FakeGoogle extends RunningFake {
  oauth: FakeOAuthServer;
  env: Record<string, string>;
  failures: FailureKnob;
  addMeeting(): { record: string; recording: string; fileId: string };
  setPrivateDownload(on: boolean): void;
  trapHits(): number;
  downloads(): number;
  /** How many times Palco has listed the conference records: one per poll of a connection. */
  lists(): number;
}

export async function startFakeGoogle(options: {
  redirectUris: string[];
  mp4Path: string;
  accessTtlSeconds?: number;
  port?: number;
}): Promise<FakeGoogle> {
  const clientId = 'google-client-id.apps.googleusercontent.com';
  const clientSecret = 'google-client-secret';
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = randomBytes(8).toString('hex');
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] };
  const oauth = new FakeOAuthServer({
    clientId,
    clientSecret,
    redirectUris: options.redirectUris,
    clientAuth: 'body',
    rotateRefresh: false,
    accessTtlSeconds: options.accessTtlSeconds ?? 3599,
    productName: 'Google',
    idToken: (claims) =>
      new SignJWT({ ...claims }).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(privateKey),
  });
  oauth.users[0] = { id: '108123456789012345678', email: 'ana@gmail.example', name: 'Ana Souza' };
  oauth.currentUser = oauth.users[0];
  const failures = new FailureKnob();
  const trap = await startTrap();
  let privateDownload = false;
  const setPrivateDownload = (on: boolean) => {
    privateDownload = on;
  };
  let downloads = 0;
  let lists = 0;
  const meetings: { record: string; recording: string; fileId: string; userId: string; start: string }[] = [];
  const addMeeting = () => {
    const id = randomBytes(8).toString('hex');
    const meeting = {
      record: `conferenceRecords/${id}`,
      recording: `conferenceRecords/${id}/recordings/${randomBytes(6).toString('hex')}`,
      fileId: randomBytes(16)
        .toString('base64url')
        .replace(/[^A-Za-z0-9]/g, 'x'),
      userId: oauth.currentUser.id,
      start: new Date(Date.now() - 7200_000).toISOString(),
    };
    meetings.push(meeting);
    return meeting;
  };
  addMeeting();

  const authed = (request: FakeRequest) => oauth.userOf(request.headers.authorization);
  const unauthenticated = () =>
    json(401, {
      error: {
        code: 401,
        message: 'Request had invalid authentication credentials.',
        status: 'UNAUTHENTICATED',
      },
    });

  const running = await startFake(async (request) => {
    const path = request.url.pathname;
    if (path.startsWith('/_control/')) return control(request);
    const failure = failures.take(path);
    if (failure) return failure;
    if (path === '/o/oauth2/v2/auth' && request.method === 'GET') return oauth.authorize(request);
    if (path === '/_consent' && request.method === 'POST') return oauth.consent(request);
    if (path === '/token' && request.method === 'POST') return oauth.tokenEndpoint(request);
    if (path === '/revoke' && request.method === 'POST') return oauth.revoke(request);
    if (request.method !== 'GET') return undefined;
    if (path === '/oauth2/v3/certs') return json(200, jwks);
    if (path === '/v2/conferenceRecords') {
      const user = authed(request);
      if (!user) return unauthenticated();
      lists += 1;
      return json(200, {
        conferenceRecords: meetings
          .filter((m) => m.userId === user.id)
          .map((m) => ({
            name: m.record,
            startTime: m.start,
            endTime: m.start,
            expireTime: m.start,
            space: 'spaces/abc',
          })),
      });
    }
    const recordings = /^\/v2\/(conferenceRecords\/[\w-]+)\/recordings$/.exec(path);
    if (recordings) {
      const user = authed(request);
      if (!user) return unauthenticated();
      const mine = meetings.filter((m) => m.record === recordings[1] && m.userId === user.id);
      return json(200, {
        recordings: mine.map((m) => ({
          name: m.recording,
          state: 'FILE_GENERATED',
          startTime: m.start,
          endTime: m.start,
          driveDestination: {
            file: privateDownload ? 'private' : m.fileId,
            exportUri: `https://drive.google.com/file/d/${m.fileId}/view`,
          },
        })),
      });
    }
    const file = /^\/drive\/v3\/files\/([\w-]+)$/.exec(path);
    if (file) {
      const user = authed(request);
      if (!user) return unauthenticated();
      if (file[1] === 'private')
        return { status: 302, headers: { location: `${trap.url}/computeMetadata/v1/` } };
      const meeting = meetings.find((m) => m.fileId === file[1] && m.userId === user.id);
      if (!meeting)
        return json(404, { error: { code: 404, message: 'File not found', status: 'NOT_FOUND' } });
      if (request.url.searchParams.get('alt') !== 'media')
        return json(200, { id: meeting.fileId, name: 'Recording.mp4', mimeType: 'video/mp4' });
      downloads += 1;
      return { status: 200, headers: { 'content-type': 'video/mp4' }, file: options.mp4Path };
    }
    return undefined;
  }, options.port);

  const control = async (request: FakeRequest) => {
    const path = request.url.pathname;
    const body = bodyJson(request);
    const shared = sharedKnob(request, {
      oauth,
      failures,
      state: () => ({ trapHits: trap.hits(), downloads }),
      setPrivateDownload,
    });
    if (shared) return shared;
    if (path === '/_control/deauthorize') {
      oauth.deauthorize(String(body.userId ?? oauth.currentUser.id));
      return json(200, {});
    }
    if (path === '/_control/meeting') return json(200, addMeeting());
    return json(404, { error: 'unknown knob' });
  };

  return {
    ...running,
    close: async () => {
      await running.close();
      await trap.close();
    },
    oauth,
    failures,
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_AUTHORIZE_URL: `${running.url}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${running.url}/token`,
      GOOGLE_REVOKE_URL: `${running.url}/revoke`,
      GOOGLE_MEET_API_URL: `${running.url}/v2`,
      GOOGLE_DRIVE_API_URL: `${running.url}/drive/v3`,
      GOOGLE_JWKS_URL: `${running.url}/oauth2/v3/certs`,
    },
    addMeeting,
    setPrivateDownload,
    trapHits: () => trap.hits(),
    downloads: () => downloads,
    lists: () => lists,
  };
}

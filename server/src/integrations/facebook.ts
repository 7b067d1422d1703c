import { ProviderError, requestJson, str } from './http.ts';
import { pkceChallenge } from './oauth.ts';

/*
 * Facebook Live, as the Facebook card uses it (docs/integrations.md "Facebook Live"): Facebook Login
 * (the Login dialog with `state` and a PKCE S256 challenge, the code exchanged at
 * `/oauth/access_token` with the app secret and the verifier — Facebook's "OIDC Code Flow with PKCE
 * for Manually Built Login Flows"), the Pages the user granted with their Page tokens
 * (`/me/accounts`), a live video per Palco live on the first granted Page
 * (`POST /{page-id}/live_videos` status=LIVE_NOW → `secure_stream_url`, where the program is pushed),
 * ended with the live (`POST /{live-video-id}` end_live_video=true); undo revokes the grant
 * (`DELETE /me/permissions`). Every token stays sealed on the server.
 */

/** Managing a Page's live videos takes these (Facebook's Live Video API). */
export const FACEBOOK_SCOPES = ['pages_show_list', 'pages_read_engagement', 'pages_manage_posts'] as const;

export interface FacebookApi {
  /** `https://www.facebook.com/v19.0/dialog/oauth` by default (FACEBOOK_DIALOG_URL). */
  dialogUrl: string;
  /** `https://graph.facebook.com/v19.0` by default (FACEBOOK_GRAPH_URL). */
  graphUrl: string;
  appId: string;
  appSecret: string;
  redirectUri: string;
  timeoutMs: number;
}

/** The Login dialog for this state, with the S256 challenge of the state's PKCE verifier. */
export function facebookDialogUrl(api: FacebookApi, state: string, verifier: string): string {
  const url = new URL(api.dialogUrl);
  url.searchParams.set('client_id', api.appId);
  url.searchParams.set('redirect_uri', api.redirectUri);
  url.searchParams.set('state', state);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', FACEBOOK_SCOPES.join(','));
  url.searchParams.set('code_challenge', pkceChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

async function graph(
  api: FacebookApi,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  params: Record<string, string>,
): Promise<Record<string, unknown>> {
  const url = new URL(`${api.graphUrl}${path}`);
  const form = new URLSearchParams(params);
  if (method !== 'POST') for (const [name, value] of form) url.searchParams.set(name, value);
  const { body } = await requestJson(url.toString(), {
    method,
    headers: {
      accept: 'application/json',
      ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(method === 'POST' ? { body: form.toString() } : {}),
    timeoutMs: api.timeoutMs,
  });
  if (!body || typeof body !== 'object') throw new ProviderError('Facebook answered no JSON object', 502);
  return body as Record<string, unknown>;
}

/** The callback's code (with the PKCE verifier) for a (long-lived) user token. */
export async function exchangeFacebookCode(
  api: FacebookApi,
  code: string,
  verifier: string,
): Promise<string> {
  const answer = await graph(api, 'GET', '/oauth/access_token', {
    client_id: api.appId,
    client_secret: api.appSecret,
    redirect_uri: api.redirectUri,
    code,
    code_verifier: verifier,
  });
  const token = str(answer, 'access_token');
  if (!token) throw new ProviderError('token answer without access_token', 502);
  return token;
}

export interface FacebookPage {
  id: string;
  name: string;
  /** The Page token (a secret). */
  token: string;
}

/** The first Page the user granted on which they can create content, with its Page token. */
export async function facebookPage(api: FacebookApi, userToken: string): Promise<FacebookPage | null> {
  const answer = await graph(api, 'GET', '/me/accounts', {
    access_token: userToken,
    fields: 'id,name,access_token,tasks',
  });
  const pages = Array.isArray(answer.data) ? answer.data : [];
  for (const page of pages as { id?: unknown; name?: unknown; access_token?: unknown; tasks?: unknown }[]) {
    const tasks = Array.isArray(page.tasks) ? page.tasks : ['CREATE_CONTENT'];
    if (typeof page.id !== 'string' || !/^\d{1,32}$/.test(page.id)) continue;
    if (typeof page.access_token !== 'string' || !tasks.includes('CREATE_CONTENT')) continue;
    return {
      id: page.id,
      name: typeof page.name === 'string' ? page.name.slice(0, 200) : page.id,
      token: page.access_token,
    };
  }
  return null;
}

/** A live video on the Page, live now: its id and where to push. */
export async function createFacebookLive(
  api: FacebookApi,
  page: { id: string; token: string },
  title: string,
): Promise<{ liveVideoId: string; ingestUrl: string }> {
  const answer = await graph(api, 'POST', `/${page.id}/live_videos`, {
    status: 'LIVE_NOW',
    title: title.slice(0, 250),
    access_token: page.token,
  });
  const id = str(answer, 'id');
  const url = str(answer, 'secure_stream_url') ?? str(answer, 'stream_url');
  if (!id || !/^\d{1,40}$/.test(id) || !url)
    throw new ProviderError('live video without id or stream URL', 502);
  return { liveVideoId: id, ingestUrl: url };
}

/** Ends a live video (its recording stays on the Page as a video). */
export async function endFacebookLive(
  api: FacebookApi,
  pageToken: string,
  liveVideoId: string,
): Promise<void> {
  await graph(api, 'POST', `/${liveVideoId}`, { end_live_video: 'true', access_token: pageToken });
}

/** Revokes the user's grant (every permission of the app); false when Facebook refused or was unreachable. */
export async function revokeFacebook(api: FacebookApi, userToken: string): Promise<boolean> {
  try {
    await graph(api, 'DELETE', '/me/permissions', { access_token: userToken });
    return true;
  } catch {
    return false;
  }
}

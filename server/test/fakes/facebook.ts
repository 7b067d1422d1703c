import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { RtmpReceiver } from './rtmp-receiver.ts';

/*
 * A local Facebook for the tests, strict like the real one on what Palco uses: the Login dialog
 * (`/v19.0/dialog/oauth`, a consent page with 'Autorizar' / 'Negar'), the code exchange
 * (`/v19.0/oauth/access_token`: client id and secret checked, the exact redirect_uri, single-use
 * codes, and PKCE required as in Facebook's "OIDC Code Flow with PKCE": a code asked for without an
 * S256 `code_challenge`, or exchanged without its `code_verifier`, is refused), the user's Pages with their Page tokens (`/me/accounts`), Live Video
 * (`POST /{page-id}/live_videos` status=LIVE_NOW → secure_stream_url on the local RTMP receiver,
 * `POST /{live-video-id}` end_live_video=true) and revocation (`DELETE /me/permissions`). Errors
 * are Graph's `{error: {message, type: 'OAuthException', code}}`. One server stands for both
 * www.facebook.com and graph.facebook.com.
 */

const VERSION = '/v19.0';

interface LiveVideo {
  id: string;
  pageId: string;
  key: string;
  status: 'LIVE' | 'VOD';
  title: string;
}

export class FakeFacebook {
  private server: Server | null = null;
  url = '';
  readonly appId = 'fb-app-palco';
  readonly appSecret = 'fb-secret-palco';
  readonly page = { id: '104000000000001', name: 'Página de Teste Palco' };
  /** code → what it grants (single use). */
  private readonly codes = new Map<
    string,
    { redirectUri: string; scopes: string[]; challenge: string | null }
  >();
  /** Code exchanges refused for PKCE. */
  pkceRefusals = 0;
  /** User tokens (valid until revoked) and Page tokens. */
  readonly userTokens = new Set<string>();
  readonly pageTokens = new Set<string>();
  readonly liveVideos = new Map<string, LiveVideo>();
  readonly revoked: string[] = [];
  readonly calls: { method: string; path: string }[] = [];

  constructor(private readonly receiver: RtmpReceiver) {}

  async listen(): Promise<string> {
    const server = createServer((req, res) => void this.handle(req, res));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address();
    this.server = server;
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return this.url;
  }

  get dialogUrl(): string {
    return `${this.url}${VERSION}/dialog/oauth`;
  }
  get graphUrl(): string {
    return `${this.url}${VERSION}`;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    server?.closeAllConnections();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = new URLSearchParams(url.searchParams);
    if ((req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      for (const [k, v] of new URLSearchParams(raw)) params.set(k, v);
    }
    const method = req.method ?? 'GET';
    const path = url.pathname;
    this.calls.push({ method, path });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    const graphError = (status: number, code: number, message: string, type = 'OAuthException') =>
      send(status, { error: { message, type, code, fbtrace_id: 'Afake' } });

    // ---- Login dialog ----
    if (path === `${VERSION}/dialog/oauth` && method === 'GET') {
      const clientId = params.get('client_id');
      const redirectUri = params.get('redirect_uri') ?? '';
      if (clientId !== this.appId) return graphError(400, 101, 'Invalid App ID');
      if (!redirectUri.startsWith('http')) return graphError(400, 191, 'URL blocked');
      const hidden = (name: string) =>
        `<input type="hidden" name="${name}" value="${(params.get(name) ?? '').replace(/"/g, '&quot;')}">`;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Facebook</title>
<p>Palco quer gerenciar as transmissões ao vivo da sua Página.</p>
<form method="post" action="${VERSION}/dialog/oauth/decide">${['redirect_uri', 'state', 'scope', 'code_challenge', 'code_challenge_method'].map(hidden).join('')}
<button name="decision" value="allow">Autorizar</button>
<button name="decision" value="deny">Negar</button></form></html>`,
      );
      return;
    }
    if (path === `${VERSION}/dialog/oauth/decide` && method === 'POST') {
      const back = new URL(params.get('redirect_uri') ?? '');
      if (params.get('decision') === 'allow') {
        const code = randomBytes(24).toString('base64url');
        this.codes.set(code, {
          redirectUri: params.get('redirect_uri') ?? '',
          scopes: (params.get('scope') ?? '').split(',').filter(Boolean),
          challenge:
            params.get('code_challenge_method') === 'S256' ? params.get('code_challenge') || null : null,
        });
        back.searchParams.set('code', code);
      } else {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_code', '200');
        back.searchParams.set('error_description', 'Permissions error');
        back.searchParams.set('error_reason', 'user_denied');
      }
      back.searchParams.set('state', params.get('state') ?? '');
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (path === `${VERSION}/oauth/access_token` && method === 'GET') {
      if (params.get('client_id') !== this.appId || params.get('client_secret') !== this.appSecret) {
        return graphError(400, 1, 'Error validating client secret.');
      }
      const code = params.get('code') ?? '';
      const grant = this.codes.get(code);
      this.codes.delete(code);
      if (!grant) return graphError(400, 100, 'This authorization code has been used.');
      if (grant.redirectUri !== params.get('redirect_uri')) {
        return graphError(
          400,
          100,
          'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        );
      }
      const verifier = params.get('code_verifier') ?? '';
      if (
        grant.challenge === null ||
        !verifier ||
        createHash('sha256').update(verifier).digest('base64url') !== grant.challenge
      ) {
        this.pkceRefusals += 1;
        return graphError(400, 100, 'Invalid code verifier.');
      }
      const token = `EAAuser${randomBytes(24).toString('base64url')}`;
      this.userTokens.add(token);
      return send(200, { access_token: token, token_type: 'bearer', expires_in: 5183944 });
    }

    // ---- Graph API ----
    const bearer = /^Bearer (\S+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
    const token = params.get('access_token') ?? bearer ?? '';
    if (path === `${VERSION}/me/accounts` && method === 'GET') {
      if (!this.userTokens.has(token)) return graphError(400, 190, 'Invalid OAuth access token.');
      const pageToken = `EAApage${randomBytes(24).toString('base64url')}`;
      this.pageTokens.add(pageToken);
      return send(200, {
        data: [
          {
            id: this.page.id,
            name: this.page.name,
            category: 'Education',
            access_token: pageToken,
            tasks: ['ANALYZE', 'ADVERTISE', 'MODERATE', 'CREATE_CONTENT', 'MANAGE'],
          },
        ],
        paging: { cursors: { before: 'b', after: 'a' } },
      });
    }
    if (path === `${VERSION}/me/permissions` && method === 'DELETE') {
      if (!this.userTokens.has(token)) return graphError(400, 190, 'Invalid OAuth access token.');
      this.userTokens.delete(token);
      this.revoked.push(token);
      // Page tokens derived from the user's grant stop working with it.
      this.pageTokens.clear();
      return send(200, { success: true });
    }
    const live = new RegExp(`^${VERSION}/(\\d+)/live_videos$`).exec(path);
    if (live && method === 'POST') {
      if (!this.pageTokens.has(token)) return graphError(400, 190, 'Invalid OAuth access token.');
      if (live[1] !== this.page.id)
        return graphError(400, 100, 'Unsupported post request.', 'GraphMethodException');
      if (params.get('status') !== 'LIVE_NOW' && params.get('status') !== 'UNPUBLISHED') {
        return graphError(
          400,
          100,
          '(#100) status must be one of LIVE_NOW, UNPUBLISHED, SCHEDULED_UNPUBLISHED',
        );
      }
      const id = `${Date.now()}${this.liveVideos.size}`;
      const key = `FB-${id}-0-${randomBytes(12)
        .toString('base64url')
        .replace(/[^A-Za-z0-9]/g, 'x')}`;
      this.liveVideos.set(id, {
        id,
        pageId: this.page.id,
        key,
        status: 'LIVE',
        title: params.get('title') ?? '',
      });
      const stream = `rtmp://127.0.0.1:${this.receiver.port}/rtmp/${key}`;
      return send(200, { id, stream_url: stream, secure_stream_url: stream });
    }
    const video = new RegExp(`^${VERSION}/(\\d+)$`).exec(path);
    if (video && method === 'POST') {
      const lv = this.liveVideos.get(video[1] ?? '');
      if (!this.pageTokens.has(token)) return graphError(400, 190, 'Invalid OAuth access token.');
      if (!lv) return graphError(400, 100, 'Unsupported post request.', 'GraphMethodException');
      if (params.get('end_live_video') === 'true') lv.status = 'VOD';
      return send(200, { id: lv.id });
    }
    if (video && method === 'GET') {
      const lv = this.liveVideos.get(video[1] ?? '');
      if (!this.pageTokens.has(token)) return graphError(400, 190, 'Invalid OAuth access token.');
      if (!lv) return graphError(404, 100, 'Unsupported get request.', 'GraphMethodException');
      return send(200, { id: lv.id, status: lv.status, title: lv.title });
    }
    return graphError(404, 803, 'Unknown path components', 'OAuthException');
  }
}

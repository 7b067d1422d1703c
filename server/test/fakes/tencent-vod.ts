import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  parseTc3Authorization,
  sameSignature,
  tc3Date,
  tc3Sign,
} from '../../src/integrations/tencent-sign.ts';

/*
 * A local Tencent Cloud VOD API (API 3.0, version 2018-07-17) for the tests: every call must carry a
 * valid TC3-HMAC-SHA256 signature by a known SecretId/SecretKey pair, checked as Tencent checks it
 * (unknown SecretId, a timestamp more than five minutes off, the date of the scope, the signature over
 * the signed headers and the body); errors are answered the way API 3.0 answers them (HTTP 200 with
 * `Response.Error`). SearchMedia and DescribeMediaInfos speak their documented shapes; each media's
 * MediaUrl serves an MP4 made by ffmpeg.
 */

export const TENCENT_VOD_VERSION = '2018-07-17';

export interface FakeMedia {
  fileId: string;
  name: string;
  createTime: string;
}

export class FakeTencentVod {
  private server: Server | null = null;
  url = '';
  /** The known key pairs (SecretId → SecretKey). */
  readonly keys = new Map<string, string>();
  readonly media: FakeMedia[] = [];
  /** Every call received: action, SecretId and the body (never the SecretKey: it is never sent). */
  readonly calls: { action: string; secretId: string | null; body: string; error: string | null }[] = [];
  /** Answers the next calls with this HTTP status (e.g. 429, 500). */
  failNext: { status: number; count: number } | null = null;
  /** MediaUrl of every media points at this instead (a private or metadata address). */
  mediaUrlOverride: string | null = null;
  /** Media downloads served. */
  downloads = 0;

  constructor(private readonly mp4: string) {}

  async listen(): Promise<string> {
    const server = createServer((req, res) => void this.handle(req, res));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address();
    this.server = server;
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return this.url;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    server?.closeAllConnections();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  addMedia(name: string): FakeMedia {
    const media = {
      fileId: String(5285890780000000000n + BigInt(this.media.length + 1)),
      name,
      createTime: new Date(Date.UTC(2026, 10, 1 + this.media.length)).toISOString().replace('.000', ''),
    };
    this.media.push(media);
    return media;
  }

  private mediaUrl(media: FakeMedia): string {
    return this.mediaUrlOverride ?? `${this.url}/vod/${media.fileId}/f0.mp4`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    if (req.method === 'GET' && req.url?.startsWith('/vod/')) return this.serveMedia(req, res);
    if (req.method !== 'POST' || req.url !== '/') {
      res.writeHead(404).end();
      return;
    }
    const action = String(req.headers['x-tc-action'] ?? '');
    const requestId = randomUUID();
    const answer = (
      response: Record<string, unknown>,
      error: string | null = null,
      secretId: string | null = null,
    ) => {
      this.calls.push({ action, secretId, body, error });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ Response: { ...response, RequestId: requestId } }));
    };
    const fail = (code: string, message: string, secretId: string | null = null) =>
      answer({ Error: { Code: code, Message: message } }, code, secretId);

    if (this.failNext && this.failNext.count > 0) {
      this.failNext.count -= 1;
      this.calls.push({ action, secretId: null, body, error: `HTTP ${this.failNext.status}` });
      res.writeHead(this.failNext.status).end();
      return;
    }
    const auth = parseTc3Authorization(String(req.headers.authorization ?? ''));
    if (!auth)
      return fail('AuthFailure.InvalidAuthorization', 'Authorization is not a TC3-HMAC-SHA256 header.');
    const secretKey = this.keys.get(auth.secretId);
    if (secretKey === undefined) return fail('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
    const timestamp = Number(req.headers['x-tc-timestamp']);
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) {
      return fail('AuthFailure.SignatureExpire', 'Signature expired.', auth.secretId);
    }
    if (auth.date !== tc3Date(timestamp) || auth.service !== 'vod') {
      return fail('AuthFailure.SignatureFailure', 'The credential scope does not match.', auth.secretId);
    }
    if (!auth.signedHeaders.includes('content-type') || !auth.signedHeaders.includes('host')) {
      return fail('AuthFailure.SignatureFailure', 'content-type and host must be signed.', auth.secretId);
    }
    const expected = tc3Sign({
      secretId: auth.secretId,
      secretKey,
      service: 'vod',
      host: String(req.headers.host ?? ''),
      payload: body,
      timestamp,
      contentType: String(req.headers['content-type'] ?? ''),
      ...(auth.signedHeaders.includes('x-tc-action') ? { action } : {}),
    });
    if (!sameSignature(expected.signature, auth.signature)) {
      return fail(
        'AuthFailure.SignatureFailure',
        'The provided credentials could not be validated.',
        auth.secretId,
      );
    }
    if (req.headers['x-tc-version'] !== TENCENT_VOD_VERSION) {
      return fail('InvalidParameter.Version', 'The version is not supported by VOD.', auth.secretId);
    }
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(body || '{}') as Record<string, unknown>;
    } catch {
      return fail('InvalidParameter', 'The request body is not JSON.', auth.secretId);
    }
    const basicInfo = (media: FakeMedia) => ({
      Name: media.name,
      Description: '',
      CreateTime: media.createTime,
      UpdateTime: media.createTime,
      ExpireTime: '9999-12-31T23:59:59Z',
      ClassId: 0,
      ClassName: 'Other',
      ClassPath: '',
      CoverUrl: '',
      Type: 'mp4',
      MediaUrl: this.mediaUrl(media),
      SourceInfo: { SourceType: 'Upload', SourceContext: '' },
      StorageRegion: 'ap-guangzhou',
      TagSet: [],
      Vid: '',
      Category: 'Video',
      Status: 'Normal',
      StorageClass: 'STANDARD',
    });
    if (action === 'SearchMedia') {
      const offset = Math.max(0, Number(input.Offset ?? 0) || 0);
      const limit = Math.min(5000, Math.max(1, Number(input.Limit ?? 10) || 10));
      if (offset + limit > 5000)
        return fail('InvalidParameterValue.Limit', 'Offset + Limit exceeds 5000.', auth.secretId);
      const page = this.media.slice(offset, offset + limit);
      return answer(
        {
          TotalCount: this.media.length,
          MediaInfoSet: page.map((m) => ({ FileId: m.fileId, BasicInfo: basicInfo(m) })),
        },
        null,
        auth.secretId,
      );
    }
    if (action === 'DescribeMediaInfos') {
      const ids = Array.isArray(input.FileIds) ? input.FileIds.map(String) : [];
      if (ids.length === 0 || ids.length > 20) {
        return fail('InvalidParameterValue.FileIds', 'FileIds must hold 1 to 20 ids.', auth.secretId);
      }
      const found = this.media.filter((m) => ids.includes(m.fileId));
      return answer(
        {
          MediaInfoSet: found.map((m) => ({ FileId: m.fileId, BasicInfo: basicInfo(m) })),
          NotExistFileIdSet: ids.filter((id) => !found.some((m) => m.fileId === id)),
        },
        null,
        auth.secretId,
      );
    }
    return fail('InvalidAction', `The action ${action} is not supported.`, auth.secretId);
  }

  private async serveMedia(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const fileId = /^\/vod\/(\d+)\/f0\.mp4$/.exec(req.url ?? '')?.[1];
    if (!fileId || !this.media.some((m) => m.fileId === fileId)) {
      res.writeHead(404).end();
      return;
    }
    this.downloads += 1;
    const info = await stat(this.mp4);
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': info.size });
    createReadStream(this.mp4).pipe(res);
  }
}

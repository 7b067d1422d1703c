import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { markVideoMediaFetched } from '../src/db/repositories/analytics.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_USERS } from '../src/db/seed.ts';
import { EVENT_TYPES } from '../src/lib/event-types.ts';
import { issueViewerSession } from '../src/media/playback-session.ts';
import { sessionKey } from '../src/media/viewer-session-check.ts';
import { bearer, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { adminExercises } from './logs-coverage-admin.ts';
import { billingExercises } from './logs-coverage-billing.ts';
import { coverageIntegrations, integrationExercises } from './logs-coverage-integrations.ts';
import { integrationLiveExercises } from './logs-coverage-integrations-live.ts';
import { studioExercises } from './logs-coverage-studio.ts';
import { teamsExercises } from './logs-coverage-teams.ts';
import { twoFactorExercises } from './logs-coverage-two-factor.ts';
import { webhookExercises } from './logs-coverage-webhooks.ts';
import { whepExercises } from './logs-coverage-whep.ts';
import { whipExercises } from './logs-coverage-whip.ts';

// The route walk that keeps the activity log complete (docs/api-logs.md): every mutating route of the built
// server (POST, PUT, PATCH, DELETE) must have an entry in EXERCISES below — how to call it successfully and
// which log entry that writes — and every entry is run. A route added later without an entry fails "every
// mutating route is covered": add its exercise here (and its event code to lib/event-types.ts).

let server: TestServer;
beforeAll(async () => {
  // An RTMP ingest on loopback: the WHIP routes feed it (logs-coverage-whip.ts).
  const { webrtc } = loadConfig({});
  server = await startTestServer({
    ingestPort: 0,
    ingestHost: '127.0.0.1',
    webrtc: { ...webrtc, interfaceAddress: '127.0.0.1' },
    integrations: coverageIntegrations(),
  });
});
afterAll(async () => {
  await server?.close();
});

const UA = 'PalcoCoverage/1.0 (route walk)';
const DEMO = DEMO_ACCOUNTS.demoProducoes.id;
const EVENTOS = DEMO_ACCOUNTS.eventosAoVivo.id;
const { owner, operator, staff } = DEMO_USERS;
const MUTATING = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const VTT = Buffer.from('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nOlá\n');

/** multipart/form-data: text fields, then the file part `file`. */
function multipart(content: Buffer, filename: string, fields: Record<string, string> = {}) {
  const boundary = `----cover${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** What one successful call must have logged. */
interface Expected {
  /** The event of every entry the call wrote; null: the call changes nothing, so it logs nothing. */
  event: keyof typeof EVENT_TYPES | null;
  /** Why a mutating call changes nothing (required when event is null). */
  why?: string;
  /** Entries written (default 1). */
  count?: number;
  /** The entries' account (default the demo team the calls name). */
  accountId?: string | null;
  /** The responsible's e-mail (default the caller's; null when nobody is signed in). */
  actor?: string | null;
  /** Values that must not appear in the entries (besides the demo password). */
  secrets?: string[];
  /** Events the call writes after the main ones, in this order (an acceptance's sign-in). */
  followedBy?: Array<keyof typeof EVENT_TYPES>;
}

/** A viewer's playback session of a video of the demo team. */
/** A VOD view whose player loaded the video's manifest (the video has no media here): it may like. */
async function loadedVodSession(videoId: string): Promise<string> {
  const sessionId = vodSession(videoId);
  await markVideoMediaFetched(server.app.db, { videoId, viewKey: sessionKey(sessionId), accountId: DEMO });
  return sessionId;
}

function vodSession(videoId: string): string {
  return issueViewerSession(
    {
      kind: 'vod',
      id: videoId,
      accountId: DEMO,
      viewerId: 'LIKE0001',
      country: null,
      exp: Math.floor(Date.now() / 1000) + 60,
    },
    server.app.jwtKey,
  );
}

interface Ctx {
  /** A call with a token (null: none), the user agent of the walk, any status. */
  call(
    token: string | null,
    method: InjectOptions['method'],
    url: string,
    body?: Body,
  ): Promise<LightMyRequestResponse>;
  /** The call being exercised: entries written from here on are its own; must succeed. */
  act(
    token: string | null,
    method: InjectOptions['method'],
    url: string,
    body?: Body,
  ): Promise<LightMyRequestResponse>;
  owner: string;
  newStream(): Promise<{ id: string; autoCuts: boolean }>;
  newVideo(): Promise<string>;
  recoveryLink(to: string): Promise<{ token: string; hash: string }>;
}
type Body = object | { payload: Buffer; headers: Record<string, string> };

const isMultipart = (body: Body | undefined): body is { payload: Buffer; headers: Record<string, string> } =>
  !!body && Buffer.isBuffer((body as { payload?: unknown }).payload);

const stream = (ctx: Ctx) => ctx.newStream();

const OVERLAY = { name: 'Placar', kind: 'text', text: 'Ao vivo', position: 'top-left', widthPercent: 20 };
async function newOverlay(ctx: Ctx, body: object = OVERLAY): Promise<string> {
  const res = await ctx.call(ctx.owner, 'POST', `/v1/accounts/${DEMO}/overlays?accountId=${DEMO}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** How to call each mutating route successfully ("METHOD /path" as fastify registers it). */
const EXERCISES: Record<string, (ctx: Ctx) => Promise<Expected>> = {
  // Session and auth (docs/api.md)
  'POST /api/user/login': async (ctx) => {
    await ctx.act(null, 'POST', '/api/user/login', { login: owner.login, password: DEMO_PASSWORD });
    return { event: 'LOGIN_REALIZADO', actor: owner.login };
  },
  'POST /bff/logout': async (ctx) => {
    // Logout revokes every token of the user: not the owner's, which the other exercises use.
    const token = await loginAs(server.app, staff.login);
    await ctx.act(token, 'POST', '/bff/logout');
    return { event: 'SESSAO_ENCERRADA', actor: staff.login, accountId: DEMO_ACCOUNTS.palcoInterno.id };
  },
  'PUT /bff/me/selected-team': async (ctx) => {
    await ctx.act(ctx.owner, 'PUT', '/bff/me/selected-team', { accountId: EVENTOS });
    return { event: 'TIME_SELECIONADO', accountId: EVENTOS };
  },
  'POST /bff/forget-password/send-email': async (ctx) => {
    await ctx.act(null, 'POST', '/bff/forget-password/send-email', { email: operator.login });
    return { event: 'SENHA_RECUPERACAO_SOLICITADA', actor: null };
  },
  'POST /bff/forget-password/update-password': async (ctx) => {
    await ctx.call(null, 'POST', '/bff/forget-password/send-email', { email: operator.login });
    const link = await ctx.recoveryLink(operator.login);
    await ctx.act(null, 'POST', '/bff/forget-password/update-password', {
      email: operator.login,
      ...link,
      newPassword: DEMO_PASSWORD,
    });
    return { event: 'SENHA_ATUALIZADA', actor: operator.login };
  },

  // Live streams (docs/api-streams.md)
  'POST /v1/live-streams': async (ctx) => {
    await ctx.act(ctx.owner, 'POST', `/v1/live-streams?accountId=${DEMO}`, {
      nome: 'Cobertura',
      scheduledStartTime: '2030-03-10T19:30:00.000Z',
    });
    return { event: 'TRANSMISSAO_CRIADA' };
  },
  'PATCH /v1/live-streams/:id': async (ctx) => {
    const { id } = await stream(ctx);
    await ctx.act(ctx.owner, 'PATCH', `/v1/live-streams/${id}?accountId=${DEMO}`, { nome: 'Renomeada' });
    return { event: 'TRANSMISSAO_ATUALIZADA' };
  },
  'DELETE /v1/live-streams/:id': async (ctx) => {
    const { id } = await stream(ctx);
    await ctx.act(ctx.owner, 'DELETE', `/v1/live-streams/${id}?accountId=${DEMO}`);
    return { event: 'TRANSMISSAO_REMOVIDA' };
  },
  'PUT /v1/live-streams/:id/control/:action': async (ctx) => {
    const { id } = await stream(ctx);
    await ctx.act(ctx.owner, 'PUT', `/v1/live-streams/${id}/control/start?accountId=${DEMO}`);
    return { event: 'TRANSMISSAO_INICIADA' };
  },
  'POST /v1/live-streams/:id/viewer-id': async (ctx) => {
    const { id } = await stream(ctx);
    await ctx.call(ctx.owner, 'PUT', `/v1/live-streams/${id}/control/start?accountId=${DEMO}`);
    await ctx.act(ctx.owner, 'POST', `/v1/live-streams/${id}/viewer-id?accountId=${DEMO}`);
    return { event: 'SINAL_IDENTIFICACAO_ENVIADO' };
  },
  'POST /v1/public/beacons': async (ctx) => {
    const { id } = await stream(ctx);
    const sessionId = issueViewerSession(
      {
        kind: 'live',
        id,
        accountId: DEMO,
        viewerId: 'COVER001',
        country: null,
        exp: Math.floor(Date.now() / 1000) + 60,
      },
      server.app.jwtKey,
    );
    await ctx.act(null, 'POST', '/v1/public/beacons', {
      sessionId,
      events: [{ type: 'start', at: Date.now() }],
    });
    return { event: null, why: 'player telemetry goes to playback_events, not the activity log' };
  },
  'POST /v1/public/videos/:videoId/likes': async (ctx) => {
    const id = await ctx.newVideo();
    await ctx.act(null, 'POST', `/v1/public/videos/${id}/likes`, { sessionId: await loadedVodSession(id) });
    return { event: null, why: "a viewer's like is a figure of the video (video_likes), not an activity" };
  },
  'DELETE /v1/public/videos/:videoId/likes': async (ctx) => {
    const id = await ctx.newVideo();
    const sessionId = await loadedVodSession(id);
    await ctx.call(null, 'POST', `/v1/public/videos/${id}/likes`, { sessionId });
    await ctx.act(null, 'DELETE', `/v1/public/videos/${id}/likes`, { sessionId });
    return { event: null, why: "a viewer's like is a figure of the video (video_likes), not an activity" };
  },
  'POST /v1/live-streams/:id/keys/regenerate': async (ctx) => {
    const { id } = await stream(ctx);
    const res = await ctx.act(
      ctx.owner,
      'POST',
      `/v1/live-streams/${id}/keys/regenerate?accountId=${DEMO}`,
      {},
    );
    const { streamKey } = res.json<{ streamKey: string }>();
    expect(streamKey).toBeTruthy();
    return { event: 'CHAVE_TRANSMISSAO_ATUALIZADA', secrets: [streamKey] };
  },
  'POST /v1/live-streams/:id/banners/:kind': async (ctx) => {
    const { id } = await stream(ctx);
    await ctx.act(
      ctx.owner,
      'POST',
      `/v1/live-streams/${id}/banners/thumbnail?accountId=${DEMO}`,
      multipart(PNG, 'capa.png'),
    );
    return { event: 'TRANSMISSAO_ATUALIZADA' };
  },
  'DELETE /v1/live-streams/:id/banners/:kind': async (ctx) => {
    const { id } = await stream(ctx);
    const url = `/v1/live-streams/${id}/banners/thumbnail?accountId=${DEMO}`;
    expect((await ctx.call(ctx.owner, 'POST', url, multipart(PNG, 'capa.png'))).statusCode).toBe(200);
    await ctx.act(ctx.owner, 'DELETE', url);
    return { event: 'TRANSMISSAO_ATUALIZADA' };
  },
  'PUT /v1/live-streams/:id/classroom': async (ctx) => {
    const { id } = await stream(ctx);
    await ctx.act(ctx.owner, 'PUT', `/v1/live-streams/${id}/classroom?accountId=${DEMO}`, {
      speakers: [{ name: 'Ana Souza', role: 'Violonista' }],
      agenda: [{ time: '19:00', title: 'Boas-vindas' }],
    });
    return { event: 'SALA_DE_AULA_ATUALIZADA' };
  },
  'POST /v1/live-streams/:id/classroom/speakers/:speakerId/avatar': async (ctx) => {
    const { id } = await stream(ctx);
    const set = await ctx.call(ctx.owner, 'PUT', `/v1/live-streams/${id}/classroom?accountId=${DEMO}`, {
      speakers: [{ name: 'Ana Souza' }],
    });
    const speaker = set.json().speakers[0].id;
    const url = `/v1/live-streams/${id}/classroom/speakers/${speaker}/avatar?accountId=${DEMO}`;
    await ctx.act(ctx.owner, 'POST', url, multipart(PNG, 'ana.png'));
    return { event: 'SALA_DE_AULA_ATUALIZADA' };
  },
  'DELETE /v1/live-streams/:id/classroom/speakers/:speakerId/avatar': async (ctx) => {
    const { id } = await stream(ctx);
    const set = await ctx.call(ctx.owner, 'PUT', `/v1/live-streams/${id}/classroom?accountId=${DEMO}`, {
      speakers: [{ name: 'Ana Souza' }],
    });
    const speaker = set.json().speakers[0].id;
    const url = `/v1/live-streams/${id}/classroom/speakers/${speaker}/avatar?accountId=${DEMO}`;
    expect((await ctx.call(ctx.owner, 'POST', url, multipart(PNG, 'ana.png'))).statusCode).toBe(200);
    await ctx.act(ctx.owner, 'DELETE', url);
    return { event: 'SALA_DE_AULA_ATUALIZADA' };
  },
  'POST /v1/live-streams/apply-settings': async (ctx) => {
    const [a, b] = [await stream(ctx), await stream(ctx)];
    await ctx.act(ctx.owner, 'POST', `/v1/live-streams/apply-settings?accountId=${DEMO}`, {
      ids: [a.id, b.id],
      settings: { autoCuts: !a.autoCuts },
    });
    return { event: 'TRANSMISSAO_ATUALIZADA', count: 2 };
  },
  'PUT /bff/lives/preset': async (ctx) => {
    const current = (await ctx.call(ctx.owner, 'GET', `/bff/lives/preset?accountId=${DEMO}`)).json();
    await ctx.act(ctx.owner, 'PUT', `/bff/lives/preset?accountId=${DEMO}`, { autoCuts: !current.autoCuts });
    return { event: 'PRESET_ATUALIZADO' };
  },
  'POST /bff/whereby/create-csv-rooms': async (ctx) => {
    await ctx.act(ctx.owner, 'POST', `/bff/whereby/create-csv-rooms?accountId=${DEMO}`, {
      csv: 'nome,data,hora\nAula A,10/03/2030,19:30\nAula B,11/03/2030,19:30\n',
    });
    return { event: 'TRANSMISSAO_CRIADA', count: 2 };
  },
  'DELETE /v1/account-users/:userId': async (ctx) => {
    const db = server.app.db;
    const role = await db
      .selectFrom('roles')
      .select('id')
      .where('account_id', '=', DEMO)
      .executeTakeFirstOrThrow();
    const user = await db
      .insertInto('users')
      .values({
        login: 'cover-removed@palco.test',
        name: 'Removível',
        avatar: null,
        password_hash: 'unused',
        default_account_id: DEMO,
        root_directory: null,
        last_login_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('memberships')
      .values({ user_id: user.id, account_id: DEMO, role_id: role.id })
      .execute();
    await ctx.act(ctx.owner, 'DELETE', `/v1/account-users/${user.id}?accountId=${DEMO}`);
    return { event: 'USUARIO_REMOVIDO' };
  },

  // Overlays (docs/classroom.md)
  'POST /v1/accounts/:accountId/overlays': async (ctx) => {
    await ctx.act(ctx.owner, 'POST', `/v1/accounts/${DEMO}/overlays?accountId=${DEMO}`, OVERLAY);
    return { event: 'OVERLAY_CRIADO' };
  },
  'PATCH /v1/accounts/:accountId/overlays/:overlayId': async (ctx) => {
    const id = await newOverlay(ctx);
    await ctx.act(ctx.owner, 'PATCH', `/v1/accounts/${DEMO}/overlays/${id}?accountId=${DEMO}`, {
      text: 'Fim',
    });
    return { event: 'OVERLAY_ATUALIZADO' };
  },
  'DELETE /v1/accounts/:accountId/overlays/:overlayId': async (ctx) => {
    const id = await newOverlay(ctx);
    await ctx.act(ctx.owner, 'DELETE', `/v1/accounts/${DEMO}/overlays/${id}?accountId=${DEMO}`);
    return { event: 'OVERLAY_REMOVIDO' };
  },
  'POST /v1/accounts/:accountId/overlays/:overlayId/image': async (ctx) => {
    const id = await newOverlay(ctx, { ...OVERLAY, kind: 'image', text: null });
    const url = `/v1/accounts/${DEMO}/overlays/${id}/image?accountId=${DEMO}`;
    await ctx.act(ctx.owner, 'POST', url, multipart(PNG, 'logo.png'));
    return { event: 'OVERLAY_ATUALIZADO' };
  },
  'PUT /v1/live-streams/:id/overlays': async (ctx) => {
    const { id } = await stream(ctx);
    const overlayIds = [await newOverlay(ctx)];
    await ctx.act(ctx.owner, 'PUT', `/v1/live-streams/${id}/overlays?accountId=${DEMO}`, { overlayIds });
    return { event: 'OVERLAYS_TRANSMISSAO_ATUALIZADOS' };
  },

  // The classroom (docs/classroom.md): viewers, not team members; nothing for the team's log.
  'POST /v1/studio/lives/participantes': async (ctx) => {
    const { id } = await stream(ctx);
    await ctx.act(null, 'POST', '/v1/studio/lives/participantes', {
      name: 'Ana Lima',
      email: 'ana@escola.test',
      liveId: id,
    });
    return {
      event: null,
      why: 'an attendee registering is kept in classroom_participants, not the team log',
    };
  },
  'POST /v1/public/classroom/:liveId/chat': async (ctx) => {
    const { id } = await stream(ctx);
    const registered = await ctx.call(null, 'POST', '/v1/studio/lives/participantes', {
      name: 'Ana Lima',
      email: 'ana@escola.test',
      liveId: id,
    });
    const { chatToken } = registered.json<{ chatToken: string }>();
    await ctx.act(null, 'POST', `/v1/public/classroom/${id}/chat`, { token: chatToken, text: 'Olá' });
    return { event: null, why: 'a chat message is the chat itself, not a change to the team' };
  },

  // The browser studio's guests (docs/studio.md)
  ...studioExercises(),

  // Users, invitations and roles (docs/api-admin.md)
  ...adminExercises(() => server),
  ...teamsExercises(),
  ...twoFactorExercises(() => server),

  // Webhooks (docs/webhooks.md)
  ...webhookExercises(() => server),
  ...whipExercises(),
  ...whepExercises(() => server),
  // Tencent, YouTube, Facebook (docs/integrations.md)
  ...integrationLiveExercises(() => server),
  // Billing (docs/billing.md)
  ...billingExercises(() => server),
  // Integrations (docs/integrations.md)
  ...integrationExercises(() => server),

  // Video on demand (docs/api-videos.md)
  'POST /v1/contents': async (ctx) => {
    await ctx.act(ctx.owner, 'POST', `/v1/contents?accountId=${DEMO}`, {
      title: 'Conteúdo',
      directoryId: null,
      accountId: DEMO,
    });
    return { event: 'VIDEO_CRIADO' };
  },
  'POST /v1/videos/vod': async (ctx) => {
    await ctx.act(ctx.owner, 'POST', `/v1/videos/vod?accountId=${DEMO}`, { title: 'Vídeo' });
    return { event: 'VIDEO_CRIADO' };
  },
  'POST /v1/directories': async (ctx) => {
    await ctx.act(ctx.owner, 'POST', `/v1/directories?accountId=${DEMO}`, {
      name: `Pasta ${randomBytes(4).toString('hex')}`,
    });
    return { event: 'PASTA_CRIADA' };
  },
  'PATCH /v1/videos/:id': async (ctx) => {
    const id = await ctx.newVideo();
    await ctx.act(ctx.owner, 'PATCH', `/v1/videos/${id}?accountId=${DEMO}`, { title: 'Novo título' });
    return { event: 'VIDEO_ATUALIZADO' };
  },
  'DELETE /v1/videos/:id': async (ctx) => {
    const id = await ctx.newVideo();
    await ctx.act(ctx.owner, 'DELETE', `/v1/videos/${id}?accountId=${DEMO}`);
    return { event: 'VIDEO_REMOVIDO' };
  },
  'POST /v1/videos/:id/thumbnail': async (ctx) => {
    const id = await ctx.newVideo();
    await ctx.act(
      ctx.owner,
      'POST',
      `/v1/videos/${id}/thumbnail?accountId=${DEMO}`,
      multipart(PNG, 'capa.png'),
    );
    return { event: 'VIDEO_ATUALIZADO' };
  },
  'POST /v1/videos/:id/end-screen': async (ctx) => {
    const id = await ctx.newVideo();
    await ctx.act(
      ctx.owner,
      'POST',
      `/v1/videos/${id}/end-screen?accountId=${DEMO}`,
      multipart(PNG, 'fim.png'),
    );
    return { event: 'VIDEO_ATUALIZADO' };
  },
  'POST /v1/videos/:id/subtitles/upload': async (ctx) => {
    const id = await ctx.newVideo();
    await ctx.act(
      ctx.owner,
      'POST',
      `/v1/videos/${id}/subtitles/upload?accountId=${DEMO}`,
      multipart(VTT, 'pt.vtt', { language: 'pt-BR' }),
    );
    return { event: 'LEGENDA_CRIADA' };
  },
  'DELETE /v1/videos/:id/subtitle': async (ctx) => {
    const id = await ctx.newVideo();
    const upload = multipart(VTT, 'pt.vtt', { language: 'pt-BR' });
    expect(
      (await ctx.call(ctx.owner, 'POST', `/v1/videos/${id}/subtitles/upload?accountId=${DEMO}`, upload))
        .statusCode,
    ).toBe(201);
    await ctx.act(ctx.owner, 'DELETE', `/v1/videos/${id}/subtitle?language=pt-BR&accountId=${DEMO}`);
    return { event: 'LEGENDA_REMOVIDA' };
  },
  'POST /v1/videos/:id/subtitles/job': async (ctx) => {
    const id = await ctx.newVideo();
    // Ready, as a transcode leaves it: running the job is server/test/subtitles-auto.test.ts's subject
    // (the engine, pocketsphinx, is installed by .ci/run).
    await server.app.db
      .updateTable('videos')
      .set({ status: 'ready', duration_seconds: 3 })
      .where('id', '=', id)
      .execute();
    await ctx.act(ctx.owner, 'POST', `/v1/videos/${id}/subtitles/job?accountId=${DEMO}`, { language: 'en' });
    return { event: 'LEGENDAS_AUTOMATICAS_SOLICITADAS' };
  },
  'POST /v1/videos/:id/source': async (ctx) => {
    const id = await ctx.newVideo();
    const file = multipart(randomBytes(2048), 'video.mp4');
    await ctx.act(ctx.owner, 'POST', `/v1/videos/${id}/source?accountId=${DEMO}`, file);
    return { event: 'UPLOAD_CONCLUIDO' };
  },
  'POST /upload/v1/videos/:id/source': async (ctx) => {
    const id = await ctx.newVideo();
    const file = multipart(randomBytes(2048), 'video.mp4');
    await ctx.act(ctx.owner, 'POST', `/upload/v1/videos/${id}/source?accountId=${DEMO}`, file);
    return { event: 'UPLOAD_CONCLUIDO' };
  },
};

/**
 * Every route of the built server, from fastify's own radix tree (printRoutes()): each line is a node
 * whose path continues its parent's, with the methods registered on it. (Not `commonPrefix: false`:
 * that view leaves out some routes, e.g. a wildcard under a parametric node — the OpenAPI cross-check
 * below caught it.)
 */
function routesOf(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = path;
    for (const method of (m[3] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

describe('the route walk', () => {
  it('finds the routes fastify has (the parser checked against the OpenAPI document)', async () => {
    const routes = routesOf(server.app.printRoutes());
    expect(routes).toContain('POST /api/user/login');
    expect(routes).toContain('PUT /bff/me/selected-team');
    expect(routes).toContain('GET /v1/logs/list-event-types');
    const doc = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json();
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(ops)) {
        const route = `${method.toUpperCase()} ${path.replace(/\{\*\}/g, '*').replace(/\{(\w+)\}/g, ':$1')}`;
        expect(routes, route).toContain(route);
      }
    }
  });

  it('every mutating route is covered by an exercise', () => {
    const mutating = routesOf(server.app.printRoutes()).filter((r) => MUTATING.includes(r.split(' ')[0]!));
    const missing = mutating.filter((route) => !(route in EXERCISES));
    expect(missing, 'mutating routes without an exercise in logs-coverage.test.ts').toEqual([]);
    const stale = Object.keys(EXERCISES).filter((route) => !mutating.includes(route));
    expect(stale, 'exercises of routes that no longer exist').toEqual([]);
  });
});

describe('each mutating route writes its log entry', () => {
  let ownerToken: string;
  let since: string | null = null;

  const mark = async () => {
    await server.app.backgroundIdle();
    const row = await server.app.db
      .selectFrom('activity_logs')
      .select(sql<string>`coalesce(max(id), 0)::text`.as('id'))
      .executeTakeFirstOrThrow();
    return row.id;
  };

  const call: Ctx['call'] = (token, method, url, body) =>
    server.app.inject({
      method,
      url,
      headers: {
        'user-agent': UA,
        ...(token ? bearer(token) : {}),
        ...(isMultipart(body) ? body.headers : {}),
      },
      ...(body === undefined ? {} : { payload: isMultipart(body) ? body.payload : body }),
    });

  const ctx: Ctx = {
    call,
    async act(token, method, url, body) {
      since = await mark();
      const res = await call(token, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res;
    },
    get owner() {
      return ownerToken;
    },
    async newStream() {
      const res = await call(ownerToken, 'POST', `/v1/live-streams?accountId=${DEMO}`, {
        nome: `Aula ${randomBytes(3).toString('hex')}`,
        scheduledStartTime: '2030-03-10T19:30:00.000Z',
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string; autoCuts: boolean }>();
    },
    async newVideo() {
      const res = await call(ownerToken, 'POST', `/v1/videos/vod?accountId=${DEMO}`, {
        title: 'Aula gravada',
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string }>().id;
    },
    async recoveryLink(to) {
      await server.app.backgroundIdle();
      const dir = join(server.config.dataDir, 'mail');
      const files = (await readdir(dir)).filter((f) => f.endsWith(`-${to}.eml`)).sort();
      const text = (await readFile(join(dir, files.at(-1)!), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      const url = new URL(text.match(/https?:\/\/\S+\/auth\/recover-password\/new\?\S+/)![0]);
      return { token: url.searchParams.get('token')!, hash: url.searchParams.get('hash')! };
    },
  };

  beforeAll(async () => {
    ownerToken = await loginAs(server.app, owner.login);
  });

  it.each(Object.entries(EXERCISES))('%s', async (_route, exercise) => {
    since = null;
    const expected = await exercise(ctx);
    expect(since, 'the exercise must make its call through ctx.act').not.toBeNull();
    await server.app.backgroundIdle();
    const entries = await server.app.db
      .selectFrom('activity_logs')
      .selectAll()
      .where('id', '>', since!)
      .orderBy('id')
      .execute();

    if (expected.event === null) {
      expect(expected.why, 'say why a mutating call logs nothing').toBeTruthy();
      expect(entries).toEqual([]);
      return;
    }
    expect(Object.keys(EVENT_TYPES), 'the event code needs a label in lib/event-types.ts').toContain(
      expected.event,
    );
    expect(entries.map((e) => e.event)).toEqual([
      ...Array(expected.count ?? 1).fill(expected.event),
      ...(expected.followedBy ?? []),
    ]);
    const actor = expected.actor === undefined ? owner.login : expected.actor;
    for (const entry of entries) {
      expect(entry).toMatchObject({
        account_id: expected.accountId === undefined ? DEMO : expected.accountId,
        actor_email: actor,
        ip: '127.0.0.1',
        user_agent: UA,
      });
      expect(entry.identifier.length).toBeGreaterThan(0);
      expect(Array.isArray(entry.record)).toBe(true);
      // No secret reaches an entry, whatever the route.
      for (const secret of [DEMO_PASSWORD, ...(expected.secrets ?? [])])
        expect(JSON.stringify(entry)).not.toContain(secret);
    }
  });
});

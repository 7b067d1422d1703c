import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import type { DeclaredRoute } from '../src/plugins/permissions.ts';
import { bearer } from './helpers.ts';
import { PNG } from './streams-helpers.ts';
import { multipart } from './video-helpers.ts';

export const VTT = 'WEBVTT\n\n00:00.000 --> 00:01.500\nOlá mundo\n';

/** Real objects of one team, so that a call the permission let through would act on them. */
export interface Fixture {
  accountId: string;
  streamId: string;
  signalId: string;
  videoId: string;
  directoryId: string;
  memberId: string;
  preset: Record<string, unknown>;
}

export async function makeFixture(app: FastifyInstance, owner: string): Promise<Fixture> {
  const accountId = DEMO_ACCOUNTS.demoProducoes.id;
  const call = async (method: InjectOptions['method'], url: string, payload?: object) => {
    const res = await app.inject({
      method,
      url: `${url}?accountId=${accountId}`,
      headers: bearer(owner),
      payload,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  const stream = await call('POST', '/v1/live-streams', {
    nome: 'Permissões',
    scheduledStartTime: '2030-01-10T22:00:00.000Z',
  });
  const { videoId } = await call('POST', '/v1/contents', {
    title: 'Permissões',
    directoryId: null,
    accountId,
  });
  const directory = await call('POST', '/v1/directories', { name: 'Permissões' });
  const subtitle = multipart({ content: Buffer.from(VTT), filename: 'pt.vtt' }, { language: 'pt-BR' });
  const res = await app.inject({
    method: 'POST',
    url: `/v1/videos/${videoId}/subtitles/upload?accountId=${accountId}`,
    headers: { ...bearer(owner), ...subtitle.headers },
    payload: subtitle.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return {
    accountId,
    streamId: stream.id,
    signalId: stream.signals[0].id,
    videoId,
    directoryId: directory.id,
    memberId: DEMO_USERS.operator.id,
    preset: await call('GET', '/bff/lives/preset'),
  };
}

/** A well-formed call of the route on the fixture's objects: only the permission can refuse it. */
export function requestFor(route: DeclaredRoute, f: Fixture, token: string): InjectOptions {
  const params: Record<string, string> = {
    id: route.url.includes('/directories/')
      ? f.directoryId
      : route.url.includes('live-streams')
        ? f.streamId
        : f.videoId,
    signalId: f.signalId,
    kind: 'thumbnail',
    action: 'start',
    userId: f.memberId,
  };
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? name);
  const language = /subtitles?$/.test(route.url) ? '&language=pt-BR' : '';
  const url = `${path}?accountId=${f.accountId}${language}`;
  const json = (payload: object) => ({ payload, headers: bearer(token) });
  const file = (body: ReturnType<typeof multipart>) => ({
    payload: body.payload,
    headers: { ...bearer(token), ...body.headers },
  });
  const bodies: Record<string, ReturnType<typeof json>> = {
    'POST /v1/live-streams': json({ nome: 'Nova', scheduledStartTime: '2030-02-01T22:00:00.000Z' }),
    'PATCH /v1/live-streams/:id': json({ nome: 'Mudada' }),
    'POST /v1/live-streams/:id/keys/regenerate': json({}),
    'POST /v1/live-streams/:id/banners/:kind': file(multipart({ content: PNG, filename: 'b.png' })),
    'PUT /bff/lives/preset': json(f.preset),
    'POST /v1/live-streams/apply-settings': json({ ids: [f.streamId], settings: f.preset }),
    'POST /bff/whereby/create-csv-rooms': json({ csv: 'nome,data,hora\nAula,01/12/2030,20:00\n' }),
    'POST /v1/contents': json({ title: 'Novo', directoryId: null, accountId: f.accountId }),
    'POST /v1/videos/vod': json({ title: 'Novo' }),
    'PATCH /v1/videos/:id': json({ title: 'Mudado' }),
    'POST /v1/directories': json({ name: 'Nova pasta' }),
    'POST /v1/videos/:id/thumbnail': file(multipart({ content: PNG, filename: 't.png' })),
    'POST /v1/videos/:id/end-screen': file(multipart({ content: PNG, filename: 'e.png' })),
    'POST /v1/videos/:id/subtitles/upload': file(
      multipart({ content: Buffer.from(VTT), filename: 'en.vtt' }, { language: 'en' }),
    ),
    'POST /v1/videos/:id/source': file(multipart({ content: Buffer.from('not a video') })),
  };
  const body = bodies[`${route.method} ${route.url.replace(/^\/upload/, '')}`] ?? { headers: bearer(token) };
  return { method: route.method as InjectOptions['method'], url, ...body };
}

/** What a refused call must leave as it was. */
export async function snapshot(app: FastifyInstance, f: Fixture) {
  const count = async (
    table:
      | 'activity_logs'
      | 'videos'
      | 'directories'
      | 'live_streams'
      | 'video_subtitles'
      | 'memberships'
      | 'video_uploads',
  ) =>
    Number(
      (
        await app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    activity: await count('activity_logs'),
    videos: await count('videos'),
    directories: await count('directories'),
    streams: await count('live_streams'),
    subtitles: await count('video_subtitles'),
    memberships: await count('memberships'),
    uploads: await count('video_uploads'),
    stream: await app.db
      .selectFrom('live_streams')
      .selectAll()
      .where('id', '=', f.streamId)
      .executeTakeFirst(),
    video: await app.db.selectFrom('videos').selectAll().where('id', '=', f.videoId).executeTakeFirst(),
    presets: await app.db.selectFrom('live_stream_presets').selectAll().execute(),
  };
}

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideo } from '../src/db/repositories/videos.ts';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { call, JPEG, logsOf, multipart, PNG, userWith } from './streams-helpers.ts';

// The classroom's speakers, agenda, cover and backgrounds are edited in the console
// and shown on the public classroom; a finished class offers its recording (docs/classroom.md).

let server: TestServer;
let owner: string;
const DEMO: string = DEMO_ACCOUNTS.demoProducoes.id;
const OTHER: string = DEMO_ACCOUNTS.eventosAoVivo.id;

beforeAll(async () => {
  server = await startTestServer();
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
});
afterAll(async () => {
  await server?.close();
});

async function newClass(nome = 'Aula de violão'): Promise<string> {
  const res = await call(server.app, owner, 'POST', `/v1/live-streams?accountId=${DEMO}`, {
    nome,
    descricao: 'Câmera 2 no palco lateral.',
    classroomDescription: 'Acordes e ritmos',
    scheduledStartTime: '2030-05-01T20:00:00.000Z',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const content = (live: string) => `/v1/live-streams/${live}/classroom?accountId=${DEMO}`;
const avatar = (live: string, speaker: string) =>
  `/v1/live-streams/${live}/classroom/speakers/${speaker}/avatar?accountId=${DEMO}`;
const publicInfo = (live: string) =>
  server.app.inject({
    method: 'GET',
    url: `/bff/classroom/${live}`,
    headers: { 'accept-language': 'pt-BR' },
  });

const SPEAKERS = [
  { name: 'Ana Souza', role: 'Violonista' },
  { name: 'Bruno Lima', role: null },
  { name: 'Carla Dias' },
];
const AGENDA = [
  { time: '19:00', title: 'Boas-vindas' },
  { time: '19:15', title: 'Acordes maiores' },
];

describe('a classroom’s speakers and agenda', () => {
  it('are set by the console, in order, and shown publicly with avatars served from a public URL', async () => {
    const live = await newClass();
    const empty = await call(server.app, owner, 'GET', content(live));
    expect(empty.json()).toEqual({ speakers: [], agenda: [] });

    const set = await call(server.app, owner, 'PUT', content(live), { speakers: SPEAKERS, agenda: AGENDA });
    expect(set.statusCode, set.body).toBe(200);
    const saved = set.json<{ speakers: { id: string; name: string; role: string | null }[] }>();
    expect(saved.speakers.map((s) => [s.name, s.role])).toEqual([
      ['Ana Souza', 'Violonista'],
      ['Bruno Lima', null],
      ['Carla Dias', null],
    ]);
    const [ana, bruno, carla] = saved.speakers;

    // A big photo: stored re-encoded, within 512×512, EXIF gone.
    const big = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c33' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'segredo' } } })
      .toBuffer();
    const body = multipart(big, { filename: 'ana.jpg', type: 'image/jpeg' });
    const up = await server.app.inject({
      method: 'POST',
      url: avatar(live, ana!.id),
      headers: { authorization: `Bearer ${owner}`, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const url = up.json().speakers[0].avatar as string;
    expect(url).toMatch(new RegExp(`^/media/streams/${DEMO}/${live}/speaker-${ana!.id}-[\\w-]{22}\\.jpg$`));
    const image = await server.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toContain('immutable');
    const meta = await sharp(image.rawPayload).metadata();
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(512);
    expect(meta.exif).toBeUndefined();

    // Reordered, one removed, one added: the kept speaker keeps its avatar; the removed one's is gone.
    const reordered = await call(server.app, owner, 'PUT', content(live), {
      speakers: [
        { id: carla!.id, name: 'Carla Dias' },
        { id: ana!.id, name: 'Ana Souza', role: 'Violonista e professora' },
        { name: 'Davi Reis' },
      ],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const after = reordered.json<{ speakers: { id: string; name: string; avatar: string | null }[] }>();
    expect(after.speakers.map((s) => s.name)).toEqual(['Carla Dias', 'Ana Souza', 'Davi Reis']);
    expect(after.speakers[1]!.avatar).toBe(url);
    expect(after.speakers.map((s) => s.id)).not.toContain(bruno!.id);

    const info = await publicInfo(live);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      finished: false,
      recording: null,
      speakers: [
        { uuid: carla!.id, name: 'Carla Dias', role: null, avatar: null },
        { uuid: ana!.id, name: 'Ana Souza', role: 'Violonista e professora', avatar: url },
        { name: 'Davi Reis', role: null, avatar: null },
      ],
      // The agenda was not sent with the reorder: it stays.
      agenda: AGENDA,
    });
    // Never the internal note, nor anything of the console's stream (keys, settings).
    expect(info.body).not.toContain('Câmera 2 no palco lateral.');
    expect(Object.keys(info.json()).sort()).toEqual(
      [
        'agenda',
        'background',
        'background_login',
        'description',
        'finished',
        'liveId',
        'recording',
        'recordingPending',
        'schedule_date',
        'schedule_image',
        'speakers',
        'status',
        'title',
      ].sort(),
    );
    expect(info.body).not.toMatch(/streamKey|signals|descricao|referrer/);

    // Removing the avatar takes the file away.
    const removed = await call(server.app, owner, 'DELETE', avatar(live, ana!.id));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().speakers[1].avatar).toBeNull();
    expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(404);

    // Every change is in the team's activity log.
    const events = (await logsOf(server.app, live)).map((l) => l.event);
    expect(events.filter((e) => e === 'SALA_DE_AULA_ATUALIZADA').length).toBe(4);
  });

  it('refuses what is not plain, bounded input, with the field and the spec’s messages', async () => {
    const live = await newClass();
    const put = (body: object) => call(server.app, owner, 'PUT', content(live), body);
    expect(expectError(await put({ speakers: [{ name: '   ' }] }), 400)).toBe('O campo é obrigatório');
    expect(expectError(await put({ speakers: [{ name: 'x'.repeat(81) }] }), 400)).toBe(
      'O tamanho máximo é 80',
    );
    expect(
      expectError(
        await put({ speakers: Array.from({ length: 13 }, (_, i) => ({ name: `Orador ${i}` })) }),
        400,
      ),
    ).toBe('A sala de aula pode ter no máximo 12 oradores');
    expect(expectError(await put({ agenda: [{ time: '25:00', title: 'Tarde' }] }), 400)).toBe(
      'Formato inválido',
    );
    expect(expectError(await put({ agenda: [{ time: '19:00', title: ' ' }] }), 400)).toBe(
      'O campo é obrigatório',
    );
    expect(
      expectError(
        await put({ agenda: Array.from({ length: 31 }, () => ({ time: '10:00', title: 'Item' })) }),
        400,
      ),
    ).toBe('A agenda pode ter no máximo 30 itens');
    expectError(await put({ speakers: [{ name: 'Ana', photo: 'http://x' }] }), 400);
    // Control and direction-override characters never reach a viewer.
    const clean = await put({ speakers: [{ name: 'Ana\u202e Souza\u0007', role: ' Violão\n ' }] });
    expect(clean.statusCode, clean.body).toBe(200);
    expect(clean.json().speakers[0]).toMatchObject({ name: 'Ana Souza', role: 'Violão' });

    // An avatar must be an image by its content, of an existing speaker.
    const speaker = clean.json().speakers[0].id as string;
    const text = multipart(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), { filename: 'a.png' });
    expect(
      expectError(
        await call(server.app, owner, 'POST', avatar(live, speaker), text.payload, text.headers),
        415,
      ),
    ).toBe('O formato da imagem é inválido!');
    const png = multipart(PNG);
    expectError(
      await call(
        server.app,
        owner,
        'POST',
        avatar(live, '00000000-0000-4000-8000-000000000001'),
        png.payload,
        png.headers,
      ),
      404,
    );
  });

  it('belongs to the live’s team: another team answers 404, a viewer of streams cannot change it', async () => {
    const live = await newClass();
    // The owner also belongs to another team: through it, this live does not exist.
    const viaOther = `/v1/live-streams/${live}/classroom?accountId=${OTHER}`;
    expectError(await call(server.app, owner, 'PUT', viaOther, { speakers: SPEAKERS }), 404);
    expectError(await call(server.app, owner, 'GET', viaOther), 404);
    // A member of that other team only, who edits streams there, gets the same 404.
    const stranger = await userWith(server.app, OTHER, `estranho-sala-${Date.now()}@palco.test`, [
      'showStreaming',
    ]);
    expectError(await call(server.app, stranger, 'PUT', viaOther, { speakers: SPEAKERS }), 404);
    const png = multipart(PNG);
    expectError(
      await call(
        server.app,
        stranger,
        'POST',
        `/v1/live-streams/${live}/classroom/speakers/00000000-0000-4000-8000-000000000001/avatar?accountId=${OTHER}`,
        png.payload,
        png.headers,
      ),
      404,
    );
    const reader = await userWith(server.app, DEMO, `leitor-sala-${Date.now()}@palco.test`, ['showHistory']);
    expect((await call(server.app, reader, 'GET', content(live))).statusCode).toBe(200);
    expectError(await call(server.app, reader, 'PUT', content(live), { speakers: SPEAKERS }), 403);
    expect((await call(server.app, owner, 'GET', content(live))).json().speakers).toEqual([]);
  });
});

describe('the classroom’s images and end', () => {
  it('shows the classroom’s own cover and backgrounds, else the stream images they stood for', async () => {
    const live = await newClass();
    const upload = async (kind: string, file: Buffer) => {
      const body = multipart(file);
      const res = await call(
        server.app,
        owner,
        'POST',
        `/v1/live-streams/${live}/banners/${kind}?accountId=${DEMO}`,
        body.payload,
        body.headers,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const stream = await upload('thumbnail', PNG);
    expect((await publicInfo(live)).json().schedule_image).toBe(stream.assets.thumbnail);
    const withCover = await upload('classroomCover', JPEG);
    await upload('classroomBackground', PNG);
    const withAll = await upload('classroomLoginBackground', PNG);
    expect(withCover.classroom.cover).toMatch(/\/classroomCover-[\w-]{22}\.jpg$/);
    const info = (await publicInfo(live)).json();
    expect(info).toMatchObject({
      schedule_image: withAll.classroom.cover,
      background: withAll.classroom.background,
      background_login: withAll.classroom.loginBackground,
    });
    for (const url of [info.schedule_image, info.background, info.background_login])
      expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('says a class has ended, and offers its recording once it is ready', async () => {
    const live = await newClass('Aula encerrada');
    for (const action of ['start', 'complete'])
      expect(
        (await call(server.app, owner, 'PUT', `/v1/live-streams/${live}/control/${action}?accountId=${DEMO}`))
          .statusCode,
      ).toBe(200);
    expect((await publicInfo(live)).json()).toMatchObject({
      status: 'finished',
      finished: true,
      recording: null,
      recordingPending: false,
    });

    // The live-to-VOD pipeline links its video; the classroom offers it only once the video is ready.
    const videoId = await createVideo(server.app.db, {
      accountId: DEMO,
      directoryId: null,
      title: 'Aula encerrada',
      description: '',
      createdBy: null,
    });
    await server.app.db
      .updateTable('live_streams')
      .set({ recording_video_id: videoId, recording_status: 'processing' })
      .where('id', '=', live)
      .execute();
    // While it processes, the page says it is coming, and nobody may cache that answer.
    const processing = await publicInfo(live);
    expect(processing.json()).toMatchObject({ recording: null, recordingPending: true });
    expect(processing.headers['cache-control']).toBe('no-cache');
    await server.app.db.updateTable('videos').set({ status: 'ready' }).where('id', '=', videoId).execute();
    const ready = await publicInfo(live);
    expect(ready.json().recording).toEqual({ videoId, embedUrl: `/embed/vod/${videoId}` });
    expect(ready.json().recordingPending).toBe(false);
    expect(ready.headers['cache-control']).toBe('public, max-age=30');
  });
});

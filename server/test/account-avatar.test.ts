import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { bearer, expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { multipart } from './streams-helpers.ts';

// The own avatar (docs/api-admin.md "Own profile").

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const upload = (token: string, file: Buffer, type = 'image/png') => {
  const body = multipart(file, { type });
  return server.app.inject({
    method: 'POST',
    url: '/v1/me/avatar',
    payload: body.payload,
    headers: { ...bearer(token), ...body.headers },
  });
};

describe('own avatar', () => {
  it('stores the picture decoded and scaled down, shows it in /bff/me, and refuses what is not an image', async () => {
    const token = await loginAs(server.app, DEMO_USERS.operator.login);
    const big = await sharp({
      create: { width: 1000, height: 2000, channels: 3, background: { r: 10, g: 120, b: 10 } },
    })
      .jpeg()
      .toBuffer();
    const first = await upload(token, big, 'image/jpeg');
    expect(first.statusCode, first.body).toBe(200);
    const url = first.json<{ avatar: string; id: string }>().avatar;
    expect(url).toMatch(/^\/media\/users\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{22}\.jpg$/);
    const image = await server.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([256, 512]);
    const me = await server.app.inject({ method: 'GET', url: '/bff/me', headers: bearer(token) });
    expect(me.json<{ user: { avatar: string } }>().user.avatar).toBe(url);

    expectError(await upload(token, Buffer.from('just some text, no picture')), 415);
    expectError(
      await upload(token, Buffer.concat([big.subarray(0, 40), Buffer.alloc(300)]), 'image/jpeg'),
      415,
    );
    // The old picture goes when a new one comes.
    const second = await upload(token, big, 'image/jpeg');
    expect(second.json<{ avatar: string }>().avatar).not.toBe(url);
    expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    expectError(await upload('nope', Buffer.from('x')), 401);
  });
});

describe('account logo (/account/settings)', () => {
  it('the owner sets the logo: the settings and the team selector show it; not an image → 415', async () => {
    const owner = await loginAs(server.app, DEMO_USERS.owner.login);
    const team = DEMO_ACCOUNTS.demoProducoes.id;
    const png = await sharp({
      create: { width: 600, height: 300, channels: 3, background: { r: 200, g: 200, b: 10 } },
    })
      .png()
      .toBuffer();
    const send = (file: Buffer) => {
      const body = multipart(file, { type: 'image/png' });
      return server.app.inject({
        method: 'POST',
        url: `/v1/account/logo?accountId=${team}`,
        payload: body.payload,
        headers: { ...bearer(owner), ...body.headers },
      });
    };
    const res = await send(png);
    expect(res.statusCode, res.body).toBe(200);
    const logo = res.json<{ logo: string }>().logo;
    expect(logo).toMatch(new RegExp(`^/media/teams/${team}/[A-Za-z0-9_-]{22}\\.png$`));
    const settings = await server.app.inject({
      method: 'GET',
      url: `/v1/account/settings?accountId=${team}`,
      headers: bearer(owner),
    });
    expect(settings.json<{ logo: string }>().logo).toBe(logo);
    const me = await server.app.inject({ method: 'GET', url: '/bff/me', headers: bearer(owner) });
    const teams = me.json<{ contasCargos: Array<{ conta_id: string; conta_thumbnail: string | null }> }>();
    expect(teams.contasCargos.find((c) => c.conta_id === team)?.conta_thumbnail).toBe(logo);
    expect((await server.app.inject({ method: 'GET', url: logo })).statusCode).toBe(200);
    expectError(await send(Buffer.from('definitely not a picture')), 415);
  });
});

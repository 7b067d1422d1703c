import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { call, userWith } from './streams-helpers.ts';

// The host in the chat (docs/studio.md "The host in the chat"): the presenter writes in the live's
// classroom chat from the studio, as the host, and every reader sees the message marked so.

let server: TestServer;
let owner: string;
const DEMO: string = DEMO_ACCOUNTS.demoProducoes.id;

beforeAll(async () => {
  server = await startTestServer();
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
});
afterAll(async () => {
  await server?.close();
});

interface ChatMessage {
  id: string;
  author: string;
  text: string;
  host: boolean;
}

describe("the host's chat", () => {
  it('posts as the host (the user’s name, host: true) for every reader; bounds and permission hold', async () => {
    const created = await call(server.app, owner, 'POST', `/v1/live-streams?accountId=${DEMO}`, {
      nome: 'Aula com chat',
      scheduledStartTime: '2030-05-01T20:00:00.000Z',
      type: 'studio',
      studio: { chat: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const live = created.json<{ id: string }>().id;
    const path = `/v1/live-streams/${live}/studio/chat?accountId=${DEMO}`;

    const sent = await call(server.app, owner, 'POST', path, { text: '  Bem-vindos à aula!  ' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<ChatMessage>()).toMatchObject({
      author: DEMO_USERS.owner.name,
      text: 'Bem-vindos à aula!',
      host: true,
    });

    // Every reader of the class's chat (the public read) sees it marked as the host's.
    const read = await server.app.inject({ method: 'GET', url: `/v1/public/classroom/${live}/chat` });
    expect(read.statusCode).toBe(200);
    expect(read.json<{ messages: ChatMessage[] }>().messages).toEqual([
      expect.objectContaining({ text: 'Bem-vindos à aula!', host: true, author: DEMO_USERS.owner.name }),
    ]);

    // Empty or too long: 400 in the caller's language; without showStreaming: 403.
    expect(expectError(await call(server.app, owner, 'POST', path, { text: '   ' }), 400)).toBeTruthy();
    expect(
      expectError(await call(server.app, owner, 'POST', path, { text: 'x'.repeat(501) }), 400),
    ).toBeTruthy();
    const historian = await userWith(server.app, DEMO, 'chat-historian@palco.test', ['showHistory']);
    expect((await call(server.app, historian, 'POST', path, { text: 'Oi' })).statusCode).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../src/db/seed.ts';
import { offerPeer } from './helpers/whip-client.ts';
import { expectError, loginAs, startTestServer, type TestServer } from './helpers.ts';
import { call } from './streams-helpers.ts';

// The WHIP endpoint's bounds (docs/studio.md "Limits"): publishes per instance and offers per client
// address, on a server configured with small numbers.

const DEMO: string = DEMO_ACCOUNTS.demoProducoes.id;
let server: TestServer;
let owner: string;

beforeAll(async () => {
  const { webrtc } = loadConfig({});
  server = await startTestServer({
    ingestPort: 0,
    ingestHost: '127.0.0.1',
    webrtc: { ...webrtc, interfaceAddress: '127.0.0.1' },
    whip: { maxPublishes: 1, perAddressPerMinute: 3 },
  });
  owner = await loginAs(server.app, DEMO_USERS.owner.login);
});
afterAll(async () => {
  await server?.close();
});

async function signalKey(nome: string): Promise<string> {
  const res = await call(server.app, owner, 'POST', `/v1/live-streams?accountId=${DEMO}`, {
    nome,
    scheduledStartTime: new Date(Date.now() + 86_400_000).toISOString(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ signals: { key: string }[] }>().signals[0]!.key;
}

const offer = (sdp: string, key: string, lang = 'pt-BR') =>
  server.app.inject({
    method: 'POST',
    url: '/whip',
    headers: { 'content-type': 'application/sdp', authorization: `Bearer ${key}`, 'accept-language': lang },
    payload: sdp,
  });

describe('WHIP bounds', () => {
  it('takes WHIP_MAX_PUBLISHES publishes at once, then WHIP_PER_ADDRESS_PER_MINUTE offers per address', async () => {
    const first = await offerPeer('publish');
    const second = await offerPeer('publish');
    try {
      const accepted = await offer(first.offer, await signalKey('WHIP limite 1'));
      expect(accepted.statusCode, accepted.body).toBe(201);
      // Another signal, but the instance runs its maximum of WHIP publishes.
      const full = await offer(second.offer, await signalKey('WHIP limite 2'), 'en');
      expect(expectError(full, 503)).toBe('The server has its maximum of WHIP publishes. Try again shortly');
      expect(full.headers['retry-after']).toBe('30');
      // The third offer of this address in the minute is the last one taken.
      expectError(await offer(second.offer, 'not-a-key'), 401);
      const limited = await offer(second.offer, 'not-a-key');
      expectError(limited, 429);
    } finally {
      await first.pc.close();
      await second.pc.close();
    }
  });
});

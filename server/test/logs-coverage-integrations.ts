import { randomBytes } from 'node:crypto';
import { upsertConnection } from '../src/db/repositories/integrations.ts';
import { DEMO_ACCOUNTS } from '../src/db/seed.ts';
import type { IntegrationProvider } from '../src/db/tables/integrations.ts';
import { zoomSignature } from '../src/integrations/zoom.ts';
import type { EVENT_TYPES } from '../src/lib/event-types.ts';
import type { TestServer } from './helpers.ts';
import { integrationsConfig } from './integrations-helpers.ts';
import type { Call } from './logs-coverage-call.ts';

// The integrations exercises of logs-coverage.test.ts (same contract as logs-coverage-admin.ts).
// The providers are "configured" at an address where nothing listens: the calls walked here never
// need them to answer (the OAuth flows themselves are integrations-*.test.ts's).

const DEMO = DEMO_ACCOUNTS.demoProducoes.id;
const NOWHERE = 'http://127.0.0.1:9';
const ZOOM_SECRET_TOKEN = 'coverage-zoom-secret-token';

/** The coverage server's integrations: credentials present, endpoints unreachable. */
export function coverageIntegrations() {
  return integrationsConfig(
    {
      ZOOM_CLIENT_ID: 'coverage-zoom',
      ZOOM_CLIENT_SECRET: 'coverage-zoom-secret',
      ZOOM_WEBHOOK_SECRET_TOKEN: ZOOM_SECRET_TOKEN,
      ZOOM_AUTHORIZE_URL: `${NOWHERE}/oauth/authorize`,
      ZOOM_TOKEN_URL: `${NOWHERE}/oauth/token`,
      ZOOM_REVOKE_URL: `${NOWHERE}/oauth/revoke`,
      ZOOM_API_URL: `${NOWHERE}/v2`,
      GOOGLE_CLIENT_ID: 'coverage-google',
      GOOGLE_CLIENT_SECRET: 'coverage-google-secret',
      GOOGLE_AUTHORIZE_URL: `${NOWHERE}/auth`,
      GOOGLE_TOKEN_URL: `${NOWHERE}/token`,
      GOOGLE_REVOKE_URL: `${NOWHERE}/revoke`,
      GOOGLE_MEET_API_URL: `${NOWHERE}/v2`,
      GOOGLE_DRIVE_API_URL: `${NOWHERE}/drive/v3`,
    },
    [],
  );
}

interface IntegrationCtx {
  call: Call;
  act: Call;
  owner: string;
}

type Expected = {
  event: keyof typeof EVENT_TYPES | null;
  why?: string;
  actor?: string | null;
  secrets?: string[];
};

export function integrationExercises(
  server: () => TestServer,
): Record<string, (ctx: IntegrationCtx) => Promise<Expected>> {
  /** A connection as an authorisation leaves it, with (sealed) tokens. */
  const connect = async (provider: IntegrationProvider) => {
    const { app } = server();
    const externalId = `ext-${randomBytes(4).toString('hex')}`;
    const access = `at_${randomBytes(12).toString('hex')}`;
    const refresh = `rt_${randomBytes(12).toString('hex')}`;
    await upsertConnection(app.db, {
      accountId: DEMO,
      provider,
      externalAccountId: externalId,
      label: `${externalId}@example.com`,
      accessTokenEnc: app.integrations.seal(DEMO, provider, access),
      refreshTokenEnc: app.integrations.seal(DEMO, provider, refresh),
      tokenExpiresAt: null,
      scopes: '',
      createdBy: null,
    });
    return { externalId, secrets: [access, refresh] };
  };
  const start = (path: string) => async (ctx: IntegrationCtx) => {
    await ctx.act(ctx.owner, 'POST', `${path}?accountId=${DEMO}`);
    return {
      event: null,
      why: 'starting an authorisation only makes a state; the connection is logged when the provider sends the popup back',
    };
  };
  return {
    'POST /bff/zoom/oauth': start('/bff/zoom/oauth'),
    'POST /bff/zoom/oauth-multi': start('/bff/zoom/oauth-multi'),
    'POST /bff/google-meet/oauth': start('/bff/google-meet/oauth'),
    'PUT /bff/zoom/importacao-ativa': async (ctx) => {
      const { externalId, secrets } = await connect('zoom');
      await ctx.act(ctx.owner, 'PUT', `/bff/zoom/importacao-ativa?accountId=${DEMO}`, {
        activeImport: true,
        zoomAccountId: externalId,
      });
      return { event: 'IMPORTACAO_ATUALIZADA', secrets };
    },
    'PUT /bff/zoom/importacao-ativa-multi': async (ctx) => {
      const { externalId, secrets } = await connect('zoom-multi');
      await ctx.act(ctx.owner, 'PUT', `/bff/zoom/importacao-ativa-multi?accountId=${DEMO}`, {
        activeImport: true,
        zoomAccountId: externalId,
      });
      return { event: 'IMPORTACAO_ATUALIZADA', secrets };
    },
    'PUT /bff/google-meet/importacao-ativa': async (ctx) => {
      const { secrets } = await connect('google-meet');
      await ctx.act(ctx.owner, 'PUT', `/bff/google-meet/importacao-ativa?accountId=${DEMO}`, {
        activeImport: true,
      });
      return { event: 'IMPORTACAO_ATUALIZADA', secrets };
    },
    'POST /bff/zoom/deauthorize': async (ctx) => {
      const { externalId, secrets } = await connect('zoom');
      await ctx.act(ctx.owner, 'POST', `/bff/zoom/deauthorize?accountId=${DEMO}`, {
        zoomAccountId: externalId,
      });
      return { event: 'INTEGRACAO_REMOVIDA', secrets };
    },
    'POST /bff/zoom/deauthorize-multi': async (ctx) => {
      const { externalId, secrets } = await connect('zoom-multi');
      await ctx.act(ctx.owner, 'POST', `/bff/zoom/deauthorize-multi?accountId=${DEMO}`, {
        zoomAccountId: externalId,
      });
      return { event: 'INTEGRACAO_REMOVIDA', secrets };
    },
    'POST /bff/google-meet/deauthorize': async (ctx) => {
      const { secrets } = await connect('google-meet');
      await ctx.act(ctx.owner, 'POST', `/bff/google-meet/deauthorize?accountId=${DEMO}`);
      return { event: 'INTEGRACAO_REMOVIDA', secrets };
    },
    'POST /bff/zoom/webhook': async (ctx) => {
      const { externalId, secrets } = await connect('zoom');
      const body = JSON.stringify({ event: 'app_deauthorized', payload: { user_id: externalId } });
      const timestamp = String(Math.floor(Date.now() / 1000));
      await ctx.act(null, 'POST', '/bff/zoom/webhook', {
        payload: Buffer.from(body),
        headers: {
          'content-type': 'application/json',
          'x-zm-request-timestamp': timestamp,
          'x-zm-signature': zoomSignature(ZOOM_SECRET_TOKEN, timestamp, body),
        },
      });
      return { event: 'INTEGRACAO_DESAUTORIZADA', actor: null, secrets: [...secrets, ZOOM_SECRET_TOKEN] };
    },
  };
}

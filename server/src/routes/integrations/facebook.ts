import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { FacebookStatus } from '../../../../contract/integrations.ts';
import type { IntegrationConnectionRow } from '../../db/tables/integrations.ts';
import { Nullable } from '../../http/schemas.ts';
import {
  exchangeFacebookCode,
  FACEBOOK_SCOPES,
  type FacebookApi,
  facebookDialogUrl,
  facebookPage,
  revokeFacebook,
} from '../../integrations/facebook.ts';
import {
  type Destination,
  registerDestinationPopupRoutes,
  registerDestinationRoutes,
} from './destination.ts';

/*
 * The Facebook Live card: Facebook Login in a popup (state and PKCE S256, bound to the browser), the
 * first granted Page and its Page token kept sealed, the simulcast switch, undo (the grant revoked).
 * The spec's `facebook_token` cookie is only a flag (`1`) the callback sets and undo clears: no token
 * ever leaves the server. docs/integrations.md "Facebook Live". The routes are every destination's
 * (destination.ts); what is Facebook's is here.
 */

const PATH = '/bff/facebook/oauth';
const COOKIE = 'facebook_token';

const Status = Type.Object({
  integrated: Type.Boolean(),
  enabled: Type.Boolean(),
  deauthorized: Type.Boolean(),
  page: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
});

/** The Facebook app of the server, or null when it has none. */
export function facebookApi(app: FastifyInstance): FacebookApi | null {
  const { facebook, httpTimeoutMs } = app.config.integrations;
  if (!facebook.appId || !facebook.appSecret) return null;
  return {
    dialogUrl: facebook.dialogUrl,
    graphUrl: facebook.graphUrl,
    appId: facebook.appId,
    appSecret: facebook.appSecret,
    redirectUri: `${app.config.publicUrl}${PATH}/callback`,
    timeoutMs: httpTimeoutMs,
  };
}

function statusOf(connection: IntegrationConnectionRow | undefined): FacebookStatus {
  return {
    integrated: connection !== undefined,
    enabled: connection?.enabled ?? false,
    deauthorized: connection?.deauthorized ?? false,
    page: connection ? { id: connection.external_account_id, name: connection.label ?? '' } : null,
  };
}

/** The flag cookie: readable by the console's script (it holds no secret), for ten years like the spec's. */
const flagCookie = (value: string, maxAge: number) =>
  `${COOKIE}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax`;

const facebook: Destination = {
  provider: 'facebook',
  name: 'Facebook',
  oauthPath: PATH,
  statusPath: '/bff/facebook/status',
  deauthorizePath: '/bff/facebook/deauthorize',
  Status,
  statusOf,
  summaries: {
    start: 'Starts a Facebook Login: the URL to open in the popup',
    status: "The Facebook card's state: integrated, simulcast on, the Page (no token)",
    switch: "Switch the simulcast of the team's lives to the Facebook Page on or off",
    deauthorize: 'Undo the Facebook integration: the grant is revoked at Facebook and forgotten here',
    popup: "The Facebook popup: on to Facebook's Login dialog",
    callback: 'Where Facebook sends the popup back (the registered redirect URI)',
  },
  configured: (app) => facebookApi(app) !== null,
  dialogUrl: (app, state, row) => {
    const api = facebookApi(app);
    return api ? facebookDialogUrl(api, state, row.code_verifier) : null;
  },
  authorise: async (app, code, row) => {
    const api = facebookApi(app)!;
    const userToken = await exchangeFacebookCode(api, code, row.code_verifier);
    const page = await facebookPage(api, userToken);
    if (!page) {
      await revokeFacebook(api, userToken);
      return null;
    }
    return {
      externalAccountId: page.id,
      label: page.name,
      accessToken: page.token,
      refreshToken: null,
      secret: userToken,
      tokenExpiresAt: null,
      scopes: FACEBOOK_SCOPES.join(','),
      logged: { page: page.name },
    };
  },
  noDestination: 'facebookNoPage',
  removedFields: (connection) => ({ page: connection.label }),
  revoke: async (app, connection) => {
    const api = facebookApi(app);
    return api && connection.secret_enc
      ? revokeFacebook(api, app.integrations.unseal(connection, connection.secret_enc))
      : false;
  },
  flag: (reply, connected) => {
    reply.header('set-cookie', connected ? flagCookie('1', 3650 * 86_400) : flagCookie('', 0));
  },
};

const facebookRoutes: FastifyPluginAsyncTypebox = async (app) => registerDestinationRoutes(app, facebook);

export default facebookRoutes;

/** The popup's public side: on to the Login dialog, and back. */
export const facebookPopupRoutes: FastifyPluginAsyncTypebox = async (app) =>
  registerDestinationPopupRoutes(app, facebook);

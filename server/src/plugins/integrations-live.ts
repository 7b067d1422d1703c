import fp from 'fastify-plugin';
import { Simulcast } from '../integrations/simulcast.ts';
import { tencentDefinition } from '../integrations/tencent.ts';
import { decryptSecret, encryptSecret } from '../lib/webhook-crypto.ts';

declare module 'fastify' {
  interface FastifyInstance {
    simulcast: Simulcast;
  }
}

/** How often each instance looks after the simulcasts of the programs it receives. */
const SIMULCAST_TICK_MS = 2_000;

/**
 * Tencent Cloud, YouTube and Facebook Live (docs/integrations.md): their definitions in the
 * integrations engine, and the simulcast of the team's lives to the connected channel or Page.
 */
export default fp(
  async (app) => {
    const { config, integrations } = app;
    const settings = config.integrations;
    const timeoutMs = settings.httpTimeoutMs;
    integrations.register(
      tencentDefinition(
        { apiUrl: settings.tencent.apiUrl, region: settings.tencent.region, timeoutMs },
        (c) => ({
          secretId: c.external_account_id,
          secretKey: c.secret_enc ? integrations.unseal(c, c.secret_enc) : '',
        }),
      ),
    );
    const simulcast = new Simulcast({
      db: app.db,
      log: app.log.child({ module: 'simulcast' }),
      ffmpegPath: config.ffmpegPath,
      ingest: app.ingest,
      youtube: {
        apiUrl: settings.youtube.apiUrl,
        timeoutMs,
        privacyStatus: settings.youtube.broadcastPrivacy,
      },
      facebook: { graphUrl: settings.facebook.graphUrl, timeoutMs },
      accessToken: (connection) =>
        connection.provider === 'youtube'
          ? integrations.accessToken(connection.id)
          : Promise.resolve(
              connection.access_token_enc ? integrations.unseal(connection, connection.access_token_enc) : '',
            ),
      // Ingestion URLs hold stream keys: sealed like tokens, bound to the team.
      seal: (accountId, secret) => encryptSecret(integrations.key, `${accountId}:simulcast`, secret),
      unseal: (accountId, sealed) => decryptSecret(integrations.key, `${accountId}:simulcast`, sealed),
      devHosts: settings.devHosts,
      tickMs: SIMULCAST_TICK_MS,
      firstRetryMs: settings.simulcastRetryMs,
      maxRetryMs: 60_000,
    });
    app.decorate('simulcast', simulcast);
    simulcast.start();
    app.addHook('preClose', () => simulcast.close());
  },
  { name: 'integrations-live', dependencies: ['integrations', 'ingest'] },
);

import fp from 'fastify-plugin';
import { embeddedClientOf } from '../db/database.ts';
import { PgListener } from '../db/listener.ts';
import { LiveListCache } from '../services/live-list-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pages of the live-stream list, kept in memory while the database's notifications are received. */
    liveListCache: LiveListCache;
  }
}

/** The channel the triggers of migration 20261206T090000 notify (docs/server.md "The live-stream list"). */
const LIVES_CHANNEL = 'palco_lives';

/**
 * The live-stream list's cache, fed by the database's `palco_lives` notifications: PGlite's in the
 * process, PostgreSQL's on a connection of its own (as the session cache's, and for the same reasons:
 * docs/server.md "Sessions cached per instance"), the cache being off whenever it is not listening.
 */
export default fp(
  async (app) => {
    const { databaseUrl } = app.config;
    if (databaseUrl) {
      const cache: LiveListCache = new LiveListCache(() => listener.sync());
      const listener: PgListener = new PgListener(
        databaseUrl,
        LIVES_CHANNEL,
        {
          notification: (payload) => cache.invalidate(payload),
          up: () => cache.listening(true),
          down: () => cache.listening(false),
          warn: (error, message) => app.log.warn({ err: error }, `live-stream list cache: ${message}`),
        },
        'palco-live-list-cache',
      );
      listener.start();
      app.addHook('onClose', async () => {
        await listener.close();
        cache.listening(false);
      });
      app.decorate('liveListCache', cache);
      return;
    }
    const cache = new LiveListCache();
    const embedded = embeddedClientOf(app.db);
    if (embedded) {
      await embedded.listen(LIVES_CHANNEL, (payload) => cache.invalidate(payload));
      cache.listening(true);
    }
    app.decorate('liveListCache', cache);
  },
  { name: 'live-list-cache', dependencies: ['db'] },
);

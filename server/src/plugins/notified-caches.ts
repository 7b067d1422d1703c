import fp from 'fastify-plugin';
import { embeddedClientOf } from '../db/database.ts';
import { PgListener } from '../db/listener.ts';
import { LiveListCache } from '../services/live-list-cache.ts';
import { Barrier } from '../services/notified-cache.ts';
import { SessionCache } from '../services/session-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The callers looked up, kept in memory while the database's notifications are received. */
    sessionCache: SessionCache;
    /** Pages of the live-stream list, kept in memory while the database's notifications are received. */
    liveListCache: LiveListCache;
  }
  interface FastifyRequest {
    /** When the request arrived (performance.now()): a barrier sent since serves every cache hit it makes. */
    arrivedAt: number;
  }
}

/** The channel the triggers of migration 20261205T090000 notify (docs/server.md "Sessions cached per
 * instance"). */
const AUTH_CHANNEL = 'palco_auth';
/** The channel the triggers of migration 20261206T090000 notify (docs/server.md "The live-stream list"). */
const LIVES_CHANNEL = 'palco_lives';

/**
 * The caches fed by the database's notifications (docs/server.md "Sessions cached per instance" and
 * "The live-stream list"): PGlite's in the process (they cannot be lost), PostgreSQL's on one connection
 * of its own listening on both channels, with one barrier on it, the caches being off whenever that
 * connection is not listening. The account event bus is not used: it is the consoles' feed, and a lost
 * event there costs a replay, here a revocation.
 */
export default fp(
  async (app) => {
    app.decorateRequest('arrivedAt', 0);
    app.addHook('onRequest', async (request) => {
      request.arrivedAt = performance.now();
    });
    const { databaseUrl } = app.config;
    if (databaseUrl) {
      const barrier: Barrier = new Barrier(() => listener.sync());
      const sessions = new SessionCache(barrier);
      const lives = new LiveListCache(barrier);
      const caches = { [AUTH_CHANNEL]: sessions, [LIVES_CHANNEL]: lives };
      const listening = (on: boolean) => {
        barrier.reset();
        sessions.listening(on);
        lives.listening(on);
      };
      const listener: PgListener = new PgListener(
        databaseUrl,
        [AUTH_CHANNEL, LIVES_CHANNEL],
        {
          notification: (payload, channel) => caches[channel as keyof typeof caches]?.invalidate(payload),
          up: () => listening(true),
          down: () => listening(false),
          warn: (error, message) => app.log.warn({ err: error }, `notified caches: ${message}`),
        },
        'palco-caches',
      );
      listener.start();
      app.addHook('onClose', async () => {
        await listener.close();
        listening(false);
      });
      app.decorate('sessionCache', sessions);
      app.decorate('liveListCache', lives);
      return;
    }
    const sessions = new SessionCache();
    const lives = new LiveListCache();
    const embedded = embeddedClientOf(app.db);
    if (embedded) {
      await embedded.listen(AUTH_CHANNEL, (payload) => sessions.invalidate(payload));
      await embedded.listen(LIVES_CHANNEL, (payload) => lives.invalidate(payload));
      sessions.listening(true);
      lives.listening(true);
    }
    app.decorate('sessionCache', sessions);
    app.decorate('liveListCache', lives);
  },
  { name: 'notified-caches', dependencies: ['db'] },
);

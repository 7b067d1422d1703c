import fp from 'fastify-plugin';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrator.ts';
import type { Db } from '../db/schema.ts';
import { seedDemoData } from '../db/seed.ts';
import { hashPassword } from '../lib/password.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** Opens the database, brings its schema up to date and, when it is empty, puts the demo data in. */
export default fp(
  async (app) => {
    const { config } = app;
    const db = await createDatabase(config);
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.destroy();
    });

    const applied = await migrateToLatest(db);
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    if (config.seedDemo && (await seedDemoData(db, hashPassword))) {
      app.log.info('empty database: demo clients, teams and users created');
    }
  },
  { name: 'db' },
);

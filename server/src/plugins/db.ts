import { join } from 'node:path';
import fp from 'fastify-plugin';
import { createDatabase, EMBEDDED_MAJOR, saveEmbeddedTemplate } from '../db/database.ts';
import { migrateToLatest, migrationsFingerprint } from '../db/migrator.ts';
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
    // A new embedded database is a copy of the template when one is configured and made (tests, CI:
    // docs/server.md "A new embedded database from a template"); the engine's major is in the name too.
    const template =
      config.pgliteTemplateDir && !config.databaseUrl
        ? join(config.pgliteTemplateDir, `palco-pglite${EMBEDDED_MAJOR}-${migrationsFingerprint()}.tar.gz`)
        : null;
    const db = await createDatabase(config, { template });
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.destroy();
    });

    const applied = await migrateToLatest(db);
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    // Before the demo data: the template is the empty, migrated schema.
    if (template)
      await saveEmbeddedTemplate(db, template).catch((error: unknown) =>
        app.log.warn({ err: error, file: template }, 'could not keep the embedded database template'),
      );
    if (config.seedDemo && (await seedDemoData(db, hashPassword))) {
      app.log.info('empty database: demo clients, teams and users created');
    }
  },
  { name: 'db' },
);

import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/** docs/api-admin.md "Account settings": the team's default language and time zone (/account/settings). */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('pt-BR'))
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('America/Sao_Paulo'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('language').dropColumn('time_zone').execute();
}

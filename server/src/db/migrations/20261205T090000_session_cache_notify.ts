import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen history (see the initial one)
type AnyDb = Kysely<any>;

/**
 * Every change to what the caller look-up reads (the user, the session, the user's memberships and
 * their teams, roles and clients) NOTIFYs `palco_auth` after commit, so each instance can drop what it
 * cached of it (docs/server.md "Sessions cached per instance"). The payload is the user's id when one
 * user is concerned, `*` when a team, a role or a client changed (every entry is dropped: such changes
 * are rare). PostgreSQL delivers a notification only once its transaction committed, and folds
 * identical ones of one transaction into one.
 */
export async function up(db: AnyDb): Promise<void> {
  // The trigger's argument names the column holding the user's id (`id` on users, `user_id` elsewhere).
  await sql`CREATE FUNCTION palco_auth_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        PERFORM pg_notify('palco_auth', to_jsonb(OLD) ->> TG_ARGV[0]);
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        PERFORM pg_notify('palco_auth', to_jsonb(NEW) ->> TG_ARGV[0]);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE FUNCTION palco_auth_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('palco_auth', '*');
      RETURN NULL;
    END $$`.execute(db);

  // A new user or session is in nobody's cache yet; a new membership changes its user's teams.
  await sql`CREATE TRIGGER palco_auth_users AFTER UPDATE OR DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION palco_auth_user_changed('id')`.execute(db);
  await sql`CREATE TRIGGER palco_auth_sessions AFTER UPDATE OR DELETE ON sessions
    FOR EACH ROW EXECUTE FUNCTION palco_auth_user_changed('user_id')`.execute(db);
  await sql`CREATE TRIGGER palco_auth_memberships AFTER INSERT OR UPDATE OR DELETE ON memberships
    FOR EACH ROW EXECUTE FUNCTION palco_auth_user_changed('user_id')`.execute(db);
  // Teams, roles and clients: only the columns the look-up reads (a team's other settings change often
  // enough, and concern no session).
  await sql`CREATE TRIGGER palco_auth_accounts AFTER UPDATE ON accounts FOR EACH ROW
    WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.thumbnail IS DISTINCT FROM NEW.thumbnail
      OR OLD.blocked IS DISTINCT FROM NEW.blocked OR OLD.client_id IS DISTINCT FROM NEW.client_id
      OR OLD.created_at IS DISTINCT FROM NEW.created_at)
    EXECUTE FUNCTION palco_auth_all_changed()`.execute(db);
  await sql`CREATE TRIGGER palco_auth_roles AFTER UPDATE ON roles FOR EACH ROW
    WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.permissions IS DISTINCT FROM NEW.permissions)
    EXECUTE FUNCTION palco_auth_all_changed()`.execute(db);
  await sql`CREATE TRIGGER palco_auth_clients AFTER UPDATE ON clients FOR EACH ROW
    WHEN (OLD.name IS DISTINCT FROM NEW.name)
    EXECUTE FUNCTION palco_auth_all_changed()`.execute(db);
  for (const table of ['accounts', 'roles', 'clients']) {
    await sql`CREATE TRIGGER ${sql.id(`palco_auth_${table}_delete`)} AFTER DELETE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION palco_auth_all_changed()`.execute(db);
  }
  for (const table of ['users', 'sessions', 'memberships', 'accounts', 'roles', 'clients']) {
    await sql`CREATE TRIGGER ${sql.id(`palco_auth_${table}_truncate`)} AFTER TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION palco_auth_all_changed()`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['users', 'sessions', 'memberships', 'accounts', 'roles', 'clients']) {
    await sql`DROP TRIGGER ${sql.id(`palco_auth_${table}`)} ON ${sql.table(table)}`.execute(db);
    await sql`DROP TRIGGER ${sql.id(`palco_auth_${table}_truncate`)} ON ${sql.table(table)}`.execute(db);
  }
  for (const table of ['accounts', 'roles', 'clients']) {
    await sql`DROP TRIGGER ${sql.id(`palco_auth_${table}_delete`)} ON ${sql.table(table)}`.execute(db);
  }
  await sql`DROP FUNCTION palco_auth_user_changed(), palco_auth_all_changed()`.execute(db);
}

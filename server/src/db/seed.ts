import { sql } from 'kysely';
import { ALL_PERMISSIONS, type Permission, STAFF_PERMISSION } from '../permissions.ts';
import type { Db } from './schema.ts';
import { seedDemoStreams } from './seed-streams.ts';
import { seedDemoVideoLibrary } from './seed-videos.ts';

/** The password of every demo user. */
export const DEMO_PASSWORD = 'palco123';

const ALL_BUT_STAFF: Permission[] = ALL_PERMISSIONS.filter((p) => p !== STAFF_PERMISSION);

// Fixed ids make the demo data addressable from tests, the console's e2e suite and bug reports.
export const DEMO_CLIENTS = {
  palco: { id: 'c0000000-0000-4000-8000-000000000001', name: 'Palco' },
  demo: { id: 'c0000000-0000-4000-8000-000000000002', name: 'Demo Produções' },
  blocked: { id: 'c0000000-0000-4000-8000-000000000003', name: 'Conta Bloqueada' },
} as const;

export const DEMO_ACCOUNTS = {
  palcoInterno: {
    id: 'a0000000-0000-4000-8000-000000000001',
    clientId: DEMO_CLIENTS.palco.id,
    name: 'Palco Interno',
    blocked: false,
  },
  demoProducoes: {
    id: 'a0000000-0000-4000-8000-000000000002',
    clientId: DEMO_CLIENTS.demo.id,
    name: 'Demo Produções',
    blocked: false,
  },
  eventosAoVivo: {
    id: 'a0000000-0000-4000-8000-000000000003',
    clientId: DEMO_CLIENTS.demo.id,
    name: 'Eventos Ao Vivo',
    blocked: false,
  },
  contaBloqueada: {
    id: 'a0000000-0000-4000-8000-000000000004',
    clientId: DEMO_CLIENTS.blocked.id,
    name: 'Conta Bloqueada',
    blocked: true,
  },
} as const;

export const DEMO_ROLES = {
  desenvolvedor: {
    id: 'd0000000-0000-4000-8000-000000000001',
    accountId: DEMO_ACCOUNTS.palcoInterno.id,
    name: 'desenvolvedor',
    permissions: [...ALL_PERMISSIONS] as Permission[],
  },
  proprietarioDemo: {
    id: 'd0000000-0000-4000-8000-000000000002',
    accountId: DEMO_ACCOUNTS.demoProducoes.id,
    name: 'proprietário',
    permissions: ALL_BUT_STAFF,
  },
  operadorDemo: {
    id: 'd0000000-0000-4000-8000-000000000003',
    accountId: DEMO_ACCOUNTS.demoProducoes.id,
    name: 'operador',
    permissions: ['showStreaming', 'broadcast', 'showHistory', 'showVOD'] as Permission[],
  },
  administradorEventos: {
    id: 'd0000000-0000-4000-8000-000000000004',
    accountId: DEMO_ACCOUNTS.eventosAoVivo.id,
    name: 'administrador',
    permissions: [
      'showStreaming',
      'broadcast',
      'showHistory',
      'showVOD',
      'showUsers',
      'gerenciarTimes',
      'showRoles',
      'showStreamingAnalytics',
      'showAccountSettings',
      'integrations',
      'api',
    ] as Permission[],
  },
  proprietarioBloqueada: {
    id: 'd0000000-0000-4000-8000-000000000005',
    accountId: DEMO_ACCOUNTS.contaBloqueada.id,
    name: 'proprietário',
    permissions: ALL_BUT_STAFF,
  },
} as const;

interface DemoUser {
  id: string;
  login: string;
  name: string;
  canManageTeamsUsers: boolean;
  defaultAccountId: string;
  rootDirectory: string;
  memberships: { accountId: string; roleId: string }[];
}

export const DEMO_USERS = {
  staff: {
    id: 'e0000000-0000-4000-8000-000000000001',
    login: 'staff@palco.test',
    name: 'Equipe Palco',
    canManageTeamsUsers: false,
    defaultAccountId: DEMO_ACCOUNTS.palcoInterno.id,
    rootDirectory: 'palco-interno',
    memberships: [{ accountId: DEMO_ACCOUNTS.palcoInterno.id, roleId: DEMO_ROLES.desenvolvedor.id }],
  },
  owner: {
    id: 'e0000000-0000-4000-8000-000000000002',
    login: 'owner@palco.test',
    name: 'Olívia Dona',
    canManageTeamsUsers: true,
    defaultAccountId: DEMO_ACCOUNTS.demoProducoes.id,
    rootDirectory: 'demo-producoes',
    memberships: [
      { accountId: DEMO_ACCOUNTS.demoProducoes.id, roleId: DEMO_ROLES.proprietarioDemo.id },
      { accountId: DEMO_ACCOUNTS.eventosAoVivo.id, roleId: DEMO_ROLES.administradorEventos.id },
    ],
  },
  operator: {
    id: 'e0000000-0000-4000-8000-000000000003',
    login: 'operator@palco.test',
    name: 'Otávio Operador',
    canManageTeamsUsers: false,
    defaultAccountId: DEMO_ACCOUNTS.demoProducoes.id,
    rootDirectory: 'demo-producoes',
    memberships: [{ accountId: DEMO_ACCOUNTS.demoProducoes.id, roleId: DEMO_ROLES.operadorDemo.id }],
  },
  blocked: {
    id: 'e0000000-0000-4000-8000-000000000004',
    login: 'blocked@palco.test',
    name: 'Bruno Bloqueado',
    canManageTeamsUsers: false,
    defaultAccountId: DEMO_ACCOUNTS.contaBloqueada.id,
    rootDirectory: 'conta-bloqueada',
    memberships: [
      { accountId: DEMO_ACCOUNTS.contaBloqueada.id, roleId: DEMO_ROLES.proprietarioBloqueada.id },
    ],
  },
} as const satisfies Record<string, DemoUser>;

/** Any number that other advisory locks of this application do not use. */
const SEED_LOCK = 7_420_001;

/**
 * Puts the demo data into an empty database (no users yet) and says whether it did. Several instances
 * starting at once on one PostgreSQL serialise on an advisory lock, so only the first one seeds.
 */
export async function seedDemoData(
  db: Db,
  hashPassword: (password: string) => Promise<string>,
): Promise<boolean> {
  const users = Object.values(DEMO_USERS);
  // Hashed outside the transaction so it is not held open for the argon2 work.
  const hashes = await Promise.all(users.map(() => hashPassword(DEMO_PASSWORD)));

  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const existing = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (existing) return false;

    await trx
      .insertInto('clients')
      .values(Object.values(DEMO_CLIENTS).map((c) => ({ ...c, blocked: c.id === DEMO_CLIENTS.blocked.id })))
      .execute();
    await trx
      .insertInto('accounts')
      .values(
        Object.values(DEMO_ACCOUNTS).map((a) => ({
          id: a.id,
          client_id: a.clientId,
          name: a.name,
          blocked: a.blocked,
          thumbnail: null,
        })),
      )
      .execute();
    await trx
      .insertInto('roles')
      .values(
        Object.values(DEMO_ROLES).map((r) => ({
          id: r.id,
          account_id: r.accountId,
          name: r.name,
          permissions: [...r.permissions],
        })),
      )
      .execute();
    await trx
      .insertInto('users')
      .values(
        users.map((u, i) => ({
          id: u.id,
          login: u.login,
          name: u.name,
          avatar: null,
          password_hash: hashes[i]!,
          can_manage_teams_users: u.canManageTeamsUsers,
          // The flag is granted by the client of the user's own team, and holds in its teams only.
          manage_users_client_id: u.canManageTeamsUsers
            ? (Object.values(DEMO_ACCOUNTS).find((a) => a.id === u.defaultAccountId)?.clientId ?? null)
            : null,
          default_account_id: u.defaultAccountId,
          root_directory: u.rootDirectory,
          last_login_at: null,
        })),
      )
      .execute();
    await trx
      .insertInto('memberships')
      .values(
        users.flatMap((u) =>
          u.memberships.map((m) => ({ user_id: u.id, account_id: m.accountId, role_id: m.roleId })),
        ),
      )
      .execute();
    await seedDemoStreams(trx);
    await seedDemoVideoLibrary(trx);
    return true;
  });
}

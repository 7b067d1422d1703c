import { sql } from 'kysely';
import { containsPlain } from '../plain-search.ts';
import type { Executor } from '../schema.ts';

export interface DirectoryView {
  id: string;
  accountId: string;
  name: string;
  parentId: string | null;
  videoCount: number;
  createdAt: Date;
}

function directoriesWithCount(db: Executor) {
  return db
    .selectFrom('directories as d')
    .select((eb) => [
      'd.id as id',
      'd.account_id as accountId',
      'd.name as name',
      'd.parent_id as parentId',
      'd.created_at as createdAt',
      eb
        .selectFrom('videos as v')
        .select(eb.fn.countAll<string | number>().as('n'))
        .whereRef('v.directory_id', '=', 'd.id')
        .as('videoCount'),
    ]);
}

function view(
  row: { videoCount: string | number | null } & Omit<DirectoryView, 'videoCount'>,
): DirectoryView {
  return { ...row, videoCount: Number(row.videoCount ?? 0) };
}

/** Folders of an account: the children of `parent` (null = top level) or, with 'all', every one;
 * with `search`, only those whose name contains it (any case, with or without accents). */
export async function listDirectories(
  db: Executor,
  accountId: string,
  parent: string | null | 'all',
  search?: string,
): Promise<DirectoryView[]> {
  let query = directoriesWithCount(db).where('d.account_id', '=', accountId);
  if (parent === null) query = query.where('d.parent_id', 'is', null);
  else if (parent !== 'all') query = query.where('d.parent_id', '=', parent);
  if (search) query = query.where(containsPlain('d.name', search));
  const rows = await query.orderBy(sql`lower(d.name)`).orderBy('d.id').execute();
  return rows.map(view);
}

export async function findDirectory(
  db: Executor,
  accountId: string,
  id: string,
): Promise<DirectoryView | undefined> {
  const row = await directoriesWithCount(db)
    .where('d.account_id', '=', accountId)
    .where('d.id', '=', id)
    .executeTakeFirst();
  return row ? view(row) : undefined;
}

export async function createDirectory(
  db: Executor,
  values: { accountId: string; parentId: string | null; name: string },
): Promise<DirectoryView> {
  const row = await db
    .insertInto('directories')
    .values({ account_id: values.accountId, parent_id: values.parentId, name: values.name })
    .returning(['id', 'account_id', 'name', 'parent_id', 'created_at'])
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    parentId: row.parent_id,
    videoCount: 0,
    createdAt: row.created_at,
  };
}

/** From the top-level folder down to `id`. */
export async function directoryPath(db: Executor, id: string): Promise<{ id: string; name: string }[]> {
  const result = await sql<{ id: string; name: string; depth: number }>`
    WITH RECURSIVE up(id, name, parent_id, depth) AS (
      SELECT id, name, parent_id, 0 FROM directories WHERE id = ${id}
      UNION ALL
      SELECT d.id, d.name, d.parent_id, up.depth + 1 FROM directories d JOIN up ON d.id = up.parent_id
      WHERE up.depth < 100
    )
    SELECT id, name, depth FROM up ORDER BY depth DESC`.execute(db);
  return result.rows.map(({ id: dirId, name }) => ({ id: dirId, name }));
}

/** Bytes uploaded into the videos of one folder. */
export async function directoryBytes(db: Executor, id: string): Promise<number> {
  const row = await db
    .selectFrom('videos as v')
    .innerJoin('video_uploads as u', 'u.video_id', 'v.id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('u.offset_bytes'), sql<number>`0`).as('bytes'))
    .where('v.directory_id', '=', id)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

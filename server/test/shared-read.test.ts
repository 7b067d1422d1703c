import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recentRead, sharedRead } from '../src/db/shared-read.ts';
import { startTestServer, type TestServer } from './helpers.ts';

/** The viewers' reads of a live (docs/server.md "The viewers' reads of a live"). */
describe('sharedRead', () => {
  it('gives callers that arrive while a read is pending its answer, and reads again once it answered', async () => {
    const db = {};
    let value = 'before';
    let reads = 0;
    const read = async () => {
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return value;
    };
    const together = await Promise.all([1, 2, 3].map(() => sharedRead(db, 'live:1', read)));
    expect(together).toEqual(['before', 'before', 'before']);
    expect(reads).toBe(1);
    // Nothing is kept: a request after the change reads the change.
    value = 'after';
    expect(await sharedRead(db, 'live:1', read)).toBe('after');
    expect(reads).toBe(2);
  });

  it('keeps keys and databases apart', async () => {
    const [a, b] = [{}, {}];
    const read = (answer: string) => async () => answer;
    const answers = await Promise.all([
      sharedRead(a, 'live:1', read('a1')),
      sharedRead(a, 'live:2', read('a2')),
      sharedRead(b, 'live:1', read('b1')),
    ]);
    expect(answers).toEqual(['a1', 'a2', 'b1']);
    // Kept answers too: two servers in one process may hold the same live id.
    expect(await recentRead(a, 'live:1', 60_000, read('a1'))).toBe('a1');
    expect(await recentRead(b, 'live:1', 60_000, read('b1'))).toBe('b1');
    expect(await recentRead(b, 'live:1', 60_000, read('changed'))).toBe('b1');
  });

  it('gives a failure to every caller that waited for it, and the next caller reads again', async () => {
    const db = {};
    let fail = true;
    const read = async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (fail) throw new Error('connection lost');
      return 'row';
    };
    const first = Promise.allSettled([sharedRead(db, 'k', read), sharedRead(db, 'k', read)]);
    expect((await first).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await sharedRead(db, 'k', read)).toBe('row');
  });
});

describe('recentRead on the database, with forgetOnWrite', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('keeps an answer for its age, and forgets it when the table is written on this instance', async () => {
    const db = server.app.db;
    const { id: live } = await db.selectFrom('live_streams').select('id').limit(1).executeTakeFirstOrThrow();
    let reads = 0;
    const read = () =>
      recentRead(db, `test-live:${live}`, 60_000, async () => {
        reads += 1;
        return db.selectFrom('live_streams').select('nome').where('id', '=', live).executeTakeFirstOrThrow();
      });
    const before = (await read()).nome;
    expect((await read()).nome).toBe(before);
    expect(reads).toBe(1);
    // Written outside and inside a transaction: the next read sees it.
    await db.updateTable('live_streams').set({ nome: 'Renomeada' }).where('id', '=', live).execute();
    expect((await read()).nome).toBe('Renomeada');
    await db
      .transaction()
      .execute((trx) =>
        trx.updateTable('live_streams').set({ nome: before }).where('id', '=', live).execute(),
      );
    expect((await read()).nome).toBe(before);
    expect(reads).toBe(3);
    // A write to another table keeps it.
    await db
      .updateTable('accounts')
      .set((eb) => ({ id: eb.ref('id') }))
      .where(sql<boolean>`false`)
      .execute();
    await read();
    expect(reads).toBe(3);
  });
});

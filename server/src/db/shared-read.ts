import {
  AliasNode,
  DeleteQueryNode,
  InsertQueryNode,
  type KyselyPlugin,
  MergeQueryNode,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  TableNode,
  type UnknownRow,
  UpdateQueryNode,
} from 'kysely';

/**
 * Reads every viewer repeats: each playlist, segment and playback answer reads its live's row (and the
 * answer its overlays), hundreds of times a second for one live under an audience (docs/server.md
 * "The viewers' reads of a live"). Two ways to read less, both per instance:
 *
 * - `sharedRead`: a caller that arrives while the same read is pending gets that read's answer (on
 *   PostgreSQL, where reads overlap). Nothing is kept once it has answered.
 * - `recentRead`: the answer is also kept for `maxAgeMs` (a second): on the embedded database, whose
 *   queries run one after the other on the server's own thread, reads never overlap.
 *
 * Every write to the tables these answers come from, on this instance, forgets every kept answer at
 * once (`forgetOnWrite`, a Kysely plugin on the database), so a request after a change made here reads
 * the change; another instance's change shows here within `maxAgeMs`. Only for reads outside a
 * transaction (`app.db`); the answers are shared, so callers must not change them.
 */
const pending = new WeakMap<object, Map<string, Promise<unknown>>>();
/** The kept answers, per database (two servers in one process may hold the same live id). */
let kept = new WeakMap<object, Map<string, { until: number; answer: Promise<unknown> }>>();
/** How long the viewers' reads of a live are kept: what another instance's change may take to show. */
export const VIEWER_READ_MAX_AGE_MS = 1_000;
/** Answers kept at most (the oldest go first). */
const MAX_KEPT = 10_000;

export function sharedRead<T>(db: object, key: string, read: () => Promise<T>): Promise<T> {
  let reads = pending.get(db);
  if (!reads) {
    reads = new Map();
    pending.set(db, reads);
  }
  const held = reads.get(key);
  if (held) return held as Promise<T>;
  const inFlight = reads;
  const answer = read().finally(() => inFlight.delete(key));
  inFlight.set(key, answer);
  return answer;
}

export function recentRead<T>(db: object, key: string, maxAgeMs: number, read: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const held = kept.get(db)?.get(key);
  if (held && held.until > now) return held.answer as Promise<T>;
  const generation = writes;
  const answer = sharedRead(db, key, read);
  // A failed read is not kept; nor one that a write overtook while it was on its way.
  answer.then(
    () => {
      if (generation !== writes) return;
      let answers = kept.get(db);
      if (!answers) {
        answers = new Map();
        kept.set(db, answers);
      }
      // Oldest first: expired answers leave as new ones come (a live nobody watches any more holds
      // nothing), and past MAX_KEPT the oldest goes anyway.
      answers.delete(key);
      for (const [oldKey, old] of answers) {
        if (old.until > now && answers.size < MAX_KEPT) break;
        answers.delete(oldKey);
      }
      answers.set(key, { until: now + maxAgeMs, answer });
    },
    () => undefined,
  );
  return answer;
}

/** Counts this instance's writes to the watched tables (a read that a write overtook is not kept). */
let writes = 0;

function forgetRecentReads(): void {
  writes += 1;
  kept = new WeakMap();
}

/** The tables the kept answers are made of. */
const WATCHED = new Set(['live_streams', 'overlays', 'live_stream_overlays']);

function watched(node: OperationNode | undefined): boolean {
  if (!node) return false;
  if (AliasNode.is(node)) return watched(node.node);
  return TableNode.is(node) && WATCHED.has(node.table.identifier.name);
}

function writesWatched(node: RootOperationNode): boolean {
  if (InsertQueryNode.is(node) || MergeQueryNode.is(node)) return watched(node.into);
  if (UpdateQueryNode.is(node)) return watched(node.table);
  if (DeleteQueryNode.is(node)) return node.from.froms.some(watched);
  return false;
}

/** The watched writes on their way (by Kysely's query id). */
const writing = new WeakSet<object>();

/**
 * Forgets the kept answers when a watched table is written, before the write and again once it is
 * done (a read that started meanwhile saw the old row). A write inside a transaction is visible to
 * other reads only at its commit: a read in between may keep the old row, for `maxAgeMs` at most.
 */
export const forgetOnWrite: KyselyPlugin = {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (writesWatched(args.node)) {
      forgetRecentReads();
      writing.add(args.queryId);
    }
    return args.node;
  },
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (writing.delete(args.queryId)) forgetRecentReads();
    return args.result;
  },
};

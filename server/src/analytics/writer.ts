import type { FastifyBaseLogger } from 'fastify';
import {
  addToBuckets,
  findViewMemories,
  insertPlaybackEvents,
  type NewBucket,
  type NewPlaybackEvent,
  type NewPlaybackView,
  upsertViewerSessions,
  upsertViews,
  type ViewerSessionUpsert,
} from '../db/repositories/analytics.ts';
import type { Db } from '../db/schema.ts';
import type { BeaconEventBody } from '../http/beacons.ts';
import {
  addCounters,
  type BucketDelta,
  deltasOf,
  mergeViewDelta,
  type ViewDelta,
  type ViewDims,
  type ViewMemory,
} from './deltas.ts';

/** A player clock further off than this is not believed: the event takes the time it arrived. */
const CLOCK_SKEW_MS = 24 * 3600_000;
/** A post whose newest event is further from now than this comes from a clock that is off: its
 * events are moved by that offset (a post leaves within about a second of its newest event). */
const CLOCK_OFF_MS = 3_000;
/** Views an instance remembers between posts (the oldest go first; a miss reads the view's row). */
const MEMORY_MAX = 100_000;
/** Views read in one statement at most (one array parameter; a busy instance's misses queue behind). */
const READ_MAX = 1_000;

type ViewRow = Awaited<ReturnType<typeof findViewMemories>>[number];

/** A post waiting for its view's row. */
interface Asked {
  promise: Promise<ViewRow | undefined>;
  resolve: (row: ViewRow | undefined) => void;
  reject: (error: unknown) => void;
}

function ask(): Asked {
  let resolve: Asked['resolve'] = () => {};
  let reject: Asked['reject'] = () => {};
  const promise = new Promise<ViewRow | undefined>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** One accepted post, as the beacon route hands it over. */
export interface BeaconPost {
  sessionKey: string;
  kind: 'live' | 'vod';
  subjectId: string;
  accountId: string;
  viewerId: string;
  events: readonly BeaconEventBody[];
  /** When the post arrived (epoch ms): a player's clock is judged against it, not against the time
   * the post is handled (a busy server must not move honest events to later buckets). */
  receivedAt: number;
  /** The view's enrichment, computed only when the view is new to this instance and to the database. */
  dims: () => Promise<ViewDims>;
}

interface PendingView {
  base: Omit<
    NewPlaybackView,
    'playing_ms' | 'rebuffer_ms' | 'paused_ms' | 'rebuffer_count' | 'started_at' | 'last_at'
  >;
  delta: ViewDelta;
}

/**
 * Beacons in, batched writes out (docs/analytics.md "Pipeline"): each post becomes raw event rows, a
 * delta of its view and deltas of its buckets, merged in memory and written every `flushMs` in one
 * transaction (so a beacon costs no database write of its own, and at most `flushMs` of telemetry is
 * lost when an instance dies).
 */
export class AnalyticsWriter {
  private events: NewPlaybackEvent[] = [];
  private views = new Map<string, PendingView>();
  private sessions = new Map<string, ViewerSessionUpsert>();
  private buckets = new Map<string, NewBucket & { counters: BucketDelta['counters'] }>();
  private readonly memory = new Map<string, ViewMemory>();
  /** Views to read, and the views being read: a post waits for its view's row with the others. */
  private toRead = new Map<string, Asked>();
  private reading = new Map<string, Asked>();
  private readerRunning = false;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly flushMs: number,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private async memoryOf(post: BeaconPost): Promise<ViewMemory> {
    const known = this.memory.get(post.sessionKey);
    if (known) {
      // Most recently used last: the oldest leave first.
      this.memory.delete(post.sessionKey);
      this.memory.set(post.sessionKey, known);
      return known;
    }
    const row = await this.readView(post.sessionKey);
    // Another post of the same view may have been remembered while this one waited: both use one memory.
    const meanwhile = this.memory.get(post.sessionKey);
    if (meanwhile) return meanwhile;
    const memory: ViewMemory = row
      ? {
          dims: {
            device: row.device,
            os: row.os,
            browser: row.browser,
            browser_version: row.browser_version,
            country: row.country,
            state: row.state,
            city: row.city,
            asn: row.asn,
            provider: row.provider,
          },
          rendition: row.rendition,
          cdn: row.cdn,
        }
      : { dims: await post.dims(), rendition: null, cdn: null };
    const settled = this.memory.get(post.sessionKey);
    if (settled) return settled;
    this.memory.set(post.sessionKey, memory);
    if (this.memory.size > MEMORY_MAX) {
      const oldest = this.memory.keys().next().value;
      if (oldest !== undefined) this.memory.delete(oldest);
    }
    return memory;
  }

  /**
   * A view's row, read with every other view asked for meanwhile: one statement for all the views that
   * missed the memory while the previous read ran (a joining audience is thousands of new views a
   * second, and a read each was a fifth of the embedded database's time; docs/analytics.md
   * "Pipeline"). With nothing in flight a lone read goes at the next turn of the event loop.
   */
  private readView(sessionKey: string): Promise<ViewRow | undefined> {
    const waiting = this.reading.get(sessionKey) ?? this.toRead.get(sessionKey);
    if (waiting) return waiting.promise;
    const asked = ask();
    this.toRead.set(sessionKey, asked);
    if (!this.readerRunning) {
      this.readerRunning = true;
      setImmediate(() => void this.readViews());
    }
    return asked.promise;
  }

  private async readViews(): Promise<void> {
    while (this.toRead.size > 0) {
      const batch = new Map<string, Asked>();
      for (const [key, asked] of this.toRead) {
        if (batch.size === READ_MAX) break;
        batch.set(key, asked);
      }
      for (const key of batch.keys()) this.toRead.delete(key);
      this.reading = batch;
      try {
        const rows = await findViewMemories(this.db, [...batch.keys()]);
        const byKey = new Map(rows.map((row) => [row.session_id, row]));
        for (const [key, asked] of batch) asked.resolve(byKey.get(key));
      } catch (error) {
        for (const asked of batch.values()) asked.reject(error);
      }
      this.reading = new Map();
    }
    this.readerRunning = false;
  }

  /** Takes a post: nothing is written before the next flush. */
  async record(post: BeaconPost): Promise<void> {
    const now = post.receivedAt;
    // The player's clock, corrected by how far its newest event is from its arrival (a post leaves at
    // once).
    const newest = post.events.reduce((max, e) => Math.max(max, e.at), Number.NEGATIVE_INFINITY);
    const off = now - newest;
    const offset = Math.abs(off) > CLOCK_SKEW_MS ? null : Math.abs(off) > CLOCK_OFF_MS ? off : 0;
    const times = post.events.map((e) => (offset === null ? now : Math.min(now, e.at + offset)));
    const memory = await this.memoryOf(post);
    const { dims } = memory;
    const { view, buckets } = deltasOf(post.events, times, memory);

    post.events.forEach((e, i) => {
      this.events.push({
        session_id: post.sessionKey,
        account_id: post.accountId,
        live_id: post.kind === 'live' ? post.subjectId : null,
        video_id: post.kind === 'vod' ? post.subjectId : null,
        viewer_id: post.viewerId,
        device: dims.device,
        os: dims.os,
        browser: dims.browser,
        browser_version: dims.browser_version,
        country: dims.country,
        region: dims.state,
        type: e.type,
        at: new Date(times[i] ?? now),
        rendition: e.rendition ?? null,
        bitrate_kbps: e.bitrateKbps ?? null,
        startup_ms: e.startupMs ?? null,
        rebuffer_ms: e.rebufferMs ?? null,
        error_code: e.error ?? null,
        cmcd: e.cmcd ? JSON.stringify(e.cmcd) : null,
        state: e.state ?? null,
        playing_ms: e.playingMs ?? null,
        rebuffering_ms: e.rebufferingMs ?? null,
        paused_ms: e.pausedMs ?? null,
        playhead: e.playhead ?? null,
        waited_ms: e.waitedMs ?? null,
        cdn: e.cdn ?? null,
      });
    });

    const pending = this.views.get(post.sessionKey);
    if (pending) mergeViewDelta(pending.delta, view);
    else
      this.views.set(post.sessionKey, {
        base: {
          session_id: post.sessionKey,
          account_id: post.accountId,
          live_id: post.kind === 'live' ? post.subjectId : null,
          video_id: post.kind === 'vod' ? post.subjectId : null,
          viewer_id: post.viewerId,
          ...dims,
        },
        delta: view,
      });

    for (const b of buckets) {
      const key = `${post.subjectId}|${b.t}|${b.dim}|${b.value}`;
      const held = this.buckets.get(key);
      if (held) addCounters(held.counters, b.counters);
      else
        this.buckets.set(key, {
          subject_id: post.subjectId,
          kind: post.kind,
          account_id: post.accountId,
          t: new Date(b.t),
          dim: b.dim,
          value: b.value,
          counters: { ...b.counters },
        });
    }

    if (post.kind === 'live')
      this.touchSession({
        session_id: post.sessionKey,
        live_id: post.subjectId,
        account_id: post.accountId,
        last_seen_at: new Date(now),
        ended: view.final,
        media_at: null,
      });
    if (view.final) this.memory.delete(post.sessionKey);
  }

  /**
   * A session's player fetched the live's media (its marked manifest, or a WHEP offer): from the next
   * flush on it counts as a viewer while it keeps sending beacons (docs/playback.md "Audience bounds").
   * The first fetch is also a sign of life; a session that ended stays ended. Written with the beacons
   * rather than at once: every joining viewer fetches its manifest, and a write each was the viewers'
   * largest cost on the embedded database (docs/server.md "The viewers' reads of a live").
   */
  markMedia(session: { sessionId: string; liveId: string; accountId: string }, at = new Date()): void {
    this.touchSession({
      session_id: session.sessionId,
      live_id: session.liveId,
      account_id: session.accountId,
      last_seen_at: at,
      ended: false,
      media_at: at,
    });
  }

  /** Merges news of a session into what the next flush writes, as the flush's upsert merges it into the
   * row (upsertViewerSessions): the latest sign of life, an end kept, the first media fetch kept. */
  private touchSession(news: ViewerSessionUpsert): void {
    const held = this.sessions.get(news.session_id);
    this.sessions.set(
      news.session_id,
      held
        ? {
            ...news,
            last_seen_at: held.last_seen_at > news.last_seen_at ? held.last_seen_at : news.last_seen_at,
            ended: held.ended || news.ended,
            media_at: held.media_at ?? news.media_at,
          }
        : news,
    );
  }

  /** Writes what is pending, in one transaction; flushes never overlap. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.events.length === 0 && this.sessions.size === 0) return;
    const events = this.events;
    const views = this.views;
    const sessions = [...this.sessions.values()];
    const buckets = [...this.buckets.values()];
    this.events = [];
    this.views = new Map();
    this.sessions = new Map();
    this.buckets = new Map();
    try {
      await this.db.transaction().execute(async (trx) => {
        await insertPlaybackEvents(trx, events);
        await upsertViews(
          trx,
          [...views.values()].map(({ base, delta }) => ({
            ...base,
            started_at: new Date(delta.firstAt),
            last_at: new Date(delta.lastAt),
            ended_at: delta.final ? new Date(delta.lastAt) : null,
            status: delta.status ?? 'loading',
            rendition: delta.rendition,
            cdn: delta.cdn,
            startup_ms: delta.startup_ms,
            waited_ms: delta.waited_ms,
            error_code: delta.error_code,
            playing_ms: delta.playing_ms,
            rebuffer_ms: delta.rebuffer_ms,
            paused_ms: delta.paused_ms,
            rebuffer_count: delta.rebuffer_count,
          })),
        );
        // A session carries its view's values, so the ticker counts by breakdown without reading
        // playback_views (docs/analytics.md "Pipeline").
        await upsertViewerSessions(
          trx,
          sessions.map((session) => {
            const v = views.get(session.session_id);
            return v
              ? {
                  ...session,
                  view: {
                    os: v.base.os ?? null,
                    state: v.base.state ?? null,
                    provider: v.base.provider ?? null,
                    cdn: v.delta.cdn ?? null,
                    status: v.delta.status ?? 'loading',
                  },
                }
              : session;
          }),
        );
        await addToBuckets(
          trx,
          buckets.map(({ counters, ...key }) => ({ ...key, ...counters })),
        );
      });
    } catch (error) {
      // Telemetry is best effort: a failed batch is dropped (and said), never retried without bound.
      this.log.warn({ err: error, events: events.length }, 'analytics: a batch of beacons was not written');
    }
  }
}
